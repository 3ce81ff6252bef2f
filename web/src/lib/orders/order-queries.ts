import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { OrderStatus } from '@engine/order-state-machine.ts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

/** The filters of the Orders list and its CSV export; a blank one means "any". */
export interface OrderFilters {
  status?: OrderStatus | null;
  locationId?: number | null;
  /** YYYY-MM-DD, inclusive, the day in each order's location. */
  from?: string | null;
  to?: string | null;
  /** Only orders with a line that came otherwise than ordered. */
  notAsOrdered?: boolean | null;
  limit?: number | null;
}

/** Where the Orders screen starts: every order of the user's cafés. */
export const NO_ORDER_FILTERS: OrderFilters = {
  status: null,
  locationId: null,
  from: null,
  to: null,
  notAsOrdered: null,
};

/** The query of the filters that are set, shared by the list and the export so both see the same orders. */
export function orderFiltersQuery(filters: OrderFilters) {
  return {
    status: filters.status || undefined,
    locationId: filters.locationId || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    notAsOrdered: filters.notAsOrdered ? ('true' as const) : undefined,
    limit: filters.limit || undefined,
  };
}

export const ordersQuery = (filters: OrderFilters) =>
  endpointQuery(api.listOrders, { query: orderFiltersQuery(filters) });

export function useOrders(filters: OrderFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...ordersQuery(filters), enabled: options.enabled ?? true });
}

/** One order with its lines and history; not_found for an order outside the user's scope. */
export const orderDetailQuery = (orderId: number) => endpointQuery(api.getOrder, { params: { id: orderId } });

export function useOrderDetail(orderId: number | null | undefined) {
  return useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId != null && orderId > 0 });
}

/** After any order change: every order list, every order's detail and the approval queue. */
export function invalidateOrders(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [api.listOrders, api.getOrder, api.listApprovals].map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(endpoint) }),
    ),
  );
}
