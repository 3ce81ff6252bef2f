import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { insertOrderEvent, markLinesReceived, updateOrderStatusAtVersion } from '@db/repositories/orders.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { planReceipt, receiptSummary } from '@engine/order-receipts.ts';
import type { ReceiveOrderLinesBody } from '@engine/order-schemas.ts';
import { stepComment } from '@engine/order-step-comment.ts';
import { lockOrderForReceipt } from './order-receipt-lock.ts';
import { orderRefused } from './order-refusals.ts';

/**
 * Receives one delivery of a placed order: the lines named, as they arrived (decision 092). The order is locked
 * while its lines are read and written, so deliveries received at the same moment take turns; the order becomes
 * received with its last line. A delivery received before is not received again (a retry answers the order as it
 * is). Whether the order is the actor's to see is the caller's check (the route's record scope).
 */
export async function receiveOrderLines(
  db: Db,
  actor: Actor,
  orderId: number,
  body: ReceiveOrderLinesBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { head, lines } = await lockOrderForReceipt(tx, actor, orderId);
    const plan = planReceipt(head.status, lines, body.lines);
    if (!plan.ok) {
      throw plan.kind === 'validation'
        ? AppError.validation(plan.reason, [{ path: 'lines', message: plan.reason }])
        : orderRefused(plan.reason, head.status);
    }
    if (plan.receive.length === 0) return;

    const to = plan.completes ? 'received' : head.status;
    // The order is locked: its version cannot have moved since it was read.
    const version = await updateOrderStatusAtVersion(tx, { orderId, expectedVersion: head.version, to });
    const summary = receiptSummary(plan.receive);
    const eventId = await insertOrderEvent(tx, {
      orderId,
      from: head.status,
      to,
      actorId: actor.id,
      comment: stepComment(summary, body.comment),
    });
    await markLinesReceived(tx, orderId, eventId, plan.receive);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'order.receive_lines',
      entity: 'order',
      entityId: String(orderId),
      locationId: head.locationId,
      before: { status: head.status, version: head.version },
      after: {
        status: to,
        version,
        received: plan.receive.map(({ productId, receivedQuantity }) => ({
          productId,
          quantity: receivedQuantity,
        })),
        comment: body.comment ?? '',
      },
    });
  });
}
