import type { CurrentUser } from '@bff/auth/current-user.ts';
import type { Db } from '@db/client.ts';
import {
  listAllOrderSummaries,
  listOrderLines,
  listOrderSummaries,
  type OrderFilter,
  orderCursorExists,
  totalOrders,
} from '@db/repositories/order-reads.ts';
import { AppError } from '@engine/errors/app-error.ts';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  INVALID_CURSOR_MESSAGE,
  type KeysetCursor,
} from '@engine/input/page-cursor.ts';
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

/**
 * Where a page starts: after the order a cursor names. The order must be one of the user's cafés, so a made-up
 * cursor and one made from an order the user cannot see are refused alike and tell nothing.
 */
async function pageStart(
  db: Db,
  filter: OrderFilter,
  cursor: string | undefined,
): Promise<KeysetCursor | undefined> {
  if (cursor === undefined) return undefined;
  const after = decodeKeysetCursor(cursor);
  if (after === null || !(await orderCursorExists(db, after, filter.locationIds))) {
    throw AppError.validation(INVALID_CURSOR_MESSAGE, [{ path: 'cursor', message: INVALID_CURSOR_MESSAGE }]);
  }
  return after;
}

/** One page of the list, newest first; `count` and the totals cover every matching order, whatever the page. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: { limit?: number; cursor?: string } = {},
): Promise<OrderListResponse> {
  const after = await pageStart(db, filter, page.cursor);
  const [rows, totals] = await Promise.all([
    listOrderSummaries(db, filter, page.limit ?? DEFAULT_ORDER_LIST_LIMIT, after),
    totalOrders(db, filter),
  ]);
  return orderListResponseSchema.parse({
    orders: rows.orders,
    hasMore: rows.hasMore,
    nextCursor: rows.hasMore && rows.last ? encodeKeysetCursor(rows.last) : null,
    ...totals,
  });
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
