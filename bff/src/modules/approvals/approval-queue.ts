import type { Db } from '@db/client.ts';
import { listPreviousLineQuantities } from '@db/repositories/order-history.ts';
import { listOrderLines, listSubmittedOrderSummaries } from '@db/repositories/order-reads.ts';
import { reviewOrderLine } from '@engine/order-review-flags.ts';
import { type ApprovalsResponse, approvalsResponseSchema } from '@engine/order-schemas.ts';

/**
 * Orders waiting for approval at the given locations, oldest first, each line with the quantity the location
 * ordered last time and the engine's review flags against it.
 */
export async function loadApprovalQueue(db: Db, locationIds: readonly number[]): Promise<ApprovalsResponse> {
  const orders = await listSubmittedOrderSummaries(db, locationIds);
  const orderIds = orders.map((order) => order.id);
  const [lines, previous] = await Promise.all([
    listOrderLines(db, orderIds),
    listPreviousLineQuantities(db, orderIds),
  ]);
  const previousOf = new Map(previous.map((p) => [`${p.orderId}:${p.productId}`, p.previousQuantity]));
  const reviewed = lines.map((line) => {
    const previousQuantity = previousOf.get(`${line.orderId}:${line.productId}`) ?? null;
    return {
      ...line,
      previousQuantity,
      flags: reviewOrderLine({ quantity: line.quantity, previousQuantity }),
    };
  });
  return approvalsResponseSchema.parse({
    orders: orders.map((order) => {
      const orderLines = reviewed.filter((line) => line.orderId === order.id);
      return {
        ...order,
        lines: orderLines,
        flaggedLineCount: orderLines.filter((line) => line.flags.length > 0).length,
      };
    }),
  });
}
