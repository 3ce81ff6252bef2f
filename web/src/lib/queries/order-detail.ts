import { type OrderDetail, orderDetailSchema } from '@engine/order-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { ORDERS_URL } from './orders.ts';

/** Under `['/api/orders']`, so every order change that invalidates the lists refreshes details too. */
export const orderDetailQueryKey = (orderId: number) => [ORDERS_URL, orderId] as const;

/** One order with its lines and history; 404 for an order outside the user's scope. */
export function fetchOrderDetail(orderId: number, signal?: AbortSignal): Promise<OrderDetail> {
  return getParsed(`${ORDERS_URL}/${orderId}`, orderDetailSchema, { signal });
}

export const orderDetailQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderDetailQueryKey(orderId),
    queryFn: ({ signal }) => fetchOrderDetail(orderId, signal),
  });

export function useOrderDetail(orderId: number | null | undefined) {
  return useQuery({ ...orderDetailQueryOptions(orderId ?? 0), enabled: orderId != null && orderId > 0 });
}
