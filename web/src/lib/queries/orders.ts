import { type OrderListResponse, orderListResponseSchema } from '@engine/order-schemas.ts';
import type { OrderStatus } from '@engine/order-state-machine.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const ORDERS_URL = '/api/orders';
export const ORDERS_EXPORT_URL = '/api/orders/export.csv';

/** The filters of the Orders list and its CSV export; a blank one means "any". */
export interface OrderFilters {
  status?: OrderStatus | null;
  locationId?: number | null;
  /** YYYY-MM-DD, inclusive, the day in each order's location. */
  from?: string | null;
  to?: string | null;
  limit?: number | null;
}

function normalise(filters: OrderFilters) {
  return {
    status: filters.status || null,
    locationId: filters.locationId || null,
    from: filters.from || null,
    to: filters.to || null,
    limit: filters.limit || null,
  };
}

/** Query string of the filters that are set, shared by the list and the export so both see the same orders. */
export function orderFiltersQuery(filters: OrderFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(normalise(filters))) {
    if (value !== null) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const ordersUrl = (filters: OrderFilters) => `${ORDERS_URL}${orderFiltersQuery(filters)}`;
export const ordersExportUrl = (filters: OrderFilters) =>
  `${ORDERS_EXPORT_URL}${orderFiltersQuery({ ...filters, limit: null })}`;

/** Invalidate with `['/api/orders']`: it covers every list and every order's detail. */
export const ordersQueryKey = (filters: OrderFilters) => [ORDERS_URL, normalise(filters)] as const;

export function fetchOrders(filters: OrderFilters, signal?: AbortSignal): Promise<OrderListResponse> {
  return getParsed(ordersUrl(filters), orderListResponseSchema, { signal });
}

export const ordersQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: ordersQueryKey(filters),
    queryFn: ({ signal }) => fetchOrders(filters, signal),
  });

export function useOrders(filters: OrderFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...ordersQueryOptions(filters), enabled: options.enabled ?? true });
}
