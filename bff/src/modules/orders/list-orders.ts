import type { CurrentUser } from '@bff/auth/current-user.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { parseInput } from '@bff/http/parse-input.ts';
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
  orderListQuerySchema,
  orderListResponseSchema,
} from '@engine/order-schemas.ts';
import { locationIdsInScope } from './order-access.ts';

/** Filters from the query string; an empty value (`?status=`) means "no filter", as forms send it. */
export function parseOrderListQuery(query: Record<string, string | undefined>): OrderListQuery {
  const given = Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );
  return parseInput(orderListQuerySchema, given);
}

/** The filter a user may run: always inside their scope; naming a location outside it is a 403. */
export async function scopedOrderFilter(
  db: Db,
  user: CurrentUser,
  query: OrderListQuery,
): Promise<OrderFilter> {
  if (query.locationId !== undefined) await assertLocationInScope(db, user, query.locationId);
  return {
    locationIds: await locationIdsInScope(db, user),
    status: query.status,
    locationId: query.locationId,
    from: query.from,
    to: query.to,
  };
}

export async function listOrders(db: Db, filter: OrderFilter, limit?: number): Promise<OrderListResponse> {
  const [page, totals] = await Promise.all([
    listOrderSummaries(db, filter, limit ?? DEFAULT_ORDER_LIST_LIMIT),
    totalOrders(db, filter),
  ]);
  return orderListResponseSchema.parse({ ...page, ...totals });
}

// A byte-order mark lets Excel, which café managers open exports with, read "Café" as UTF-8.
const UTF8_BOM = '\uFEFF';

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
  return UTF8_BOM + orderLinesCsv(orders.map((order) => ({ ...order, lines: linesOf.get(order.id) ?? [] })));
}
