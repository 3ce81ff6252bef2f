import type { CurrentUser } from '@bff/auth/current-user.ts';
import type { Db } from '@db/client.ts';
import {
  listAllOrderSummaries,
  listOrderLines,
  listOrderSummaries,
  type OrderFilter,
  totalOrders,
} from '@db/repositories/order-reads.ts';
import { orderLinesCsv } from '@engine/order-csv.ts';
import {
  DEFAULT_ORDER_LIST_LIMIT,
  type OrderListQuery,
  type OrderListResponse,
  orderListResponseSchema,
} from '@engine/order-schemas.ts';
import { locationIdsInScope } from './locations-in-scope.ts';

/** The filter a user may run: always inside their scope (a named location was checked by the route). */
export async function scopedOrderFilter(
  db: Db,
  user: CurrentUser,
  query: OrderListQuery,
): Promise<OrderFilter> {
  return {
    locationIds: await locationIdsInScope(db, user),
    status: query.status,
    locationId: query.locationId,
    from: query.from,
    to: query.to,
    notAsOrdered: query.notAsOrdered,
  };
}

export async function listOrders(db: Db, filter: OrderFilter, limit?: number): Promise<OrderListResponse> {
  const [page, totals] = await Promise.all([
    listOrderSummaries(db, filter, limit ?? DEFAULT_ORDER_LIST_LIMIT),
    totalOrders(db, filter),
  ]);
  return orderListResponseSchema.parse({ ...page, ...totals });
}

export async function exportOrdersCsv(db: Db, filter: OrderFilter): Promise<string> {
  const orders = await listAllOrderSummaries(db, filter);
  const lines = await listOrderLines(
    db,
    orders.map((order) => order.id),
  );
  const linesOf = new Map<number, typeof lines>();
  for (const line of lines) {
    const ofOrder = linesOf.get(line.orderId);
    if (ofOrder) ofOrder.push(line);
    else linesOf.set(line.orderId, [line]);
  }
  return orderLinesCsv(orders.map((order) => ({ ...order, lines: linesOf.get(order.id) ?? [] })));
}
