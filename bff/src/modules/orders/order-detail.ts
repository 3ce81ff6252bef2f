import type { Db } from '@db/client.ts';
import { findOrderSummary, listOrderEvents, listOrderLines } from '@db/repositories/order-reads.ts';
import { orderNotFound } from '@db/use-cases/order-refusals.ts';
import { type OrderDetail, orderDetailSchema } from '@engine/order-schemas.ts';

/** The order with its lines and history, as GET /api/orders/:id and every order write answer it. */
export async function loadOrderDetail(db: Db, orderId: number): Promise<OrderDetail> {
  const summary = await findOrderSummary(db, orderId);
  if (!summary) throw orderNotFound();
  const [lines, events] = await Promise.all([listOrderLines(db, [orderId]), listOrderEvents(db, orderId)]);
  // Parsing drops the lines' orderId and turns the status text columns into the engine's enums.
  return orderDetailSchema.parse({ ...summary, lines, events });
}
