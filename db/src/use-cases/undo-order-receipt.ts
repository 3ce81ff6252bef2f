import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  findOrderStep,
  insertOrderEvent,
  unmarkLinesReceived,
  updateOrderStatusAtVersion,
} from '@db/repositories/orders.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { planReceiptUndo, undoSummary } from '@engine/order-receipt-undo.ts';
import type { UndoReceiptBody } from '@engine/order-schemas.ts';
import { stepComment } from '@engine/order-step-comment.ts';
import { lockOrderForReceipt } from './order-receipt-lock.ts';

/**
 * Undoes a delivery received by mistake (decision 097): its lines are to come again and the order, if that
 * delivery completed it, is placed again. The order is locked as for a delivery, so an undo and a delivery of the
 * same order take turns. An undo that finds none of the delivery's lines (a retry that landed) writes nothing.
 * Who may undo is who may receive; whether the order is the actor's to see is the caller's check.
 */
export async function undoOrderReceipt(
  db: Db,
  actor: Actor,
  orderId: number,
  body: UndoReceiptBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { head, lines } = await lockOrderForReceipt(tx, actor, orderId);
    const step = await findOrderStep(tx, orderId, body.receiptId);
    const plan = planReceiptUndo(head.status, lines, body.receiptId, step);
    if (!plan.ok) throw AppError.validation(plan.reason, [{ path: 'receiptId', message: plan.reason }]);
    if (plan.undo.length === 0) return;

    // The order is locked: its version cannot have moved since it was read.
    const version = await updateOrderStatusAtVersion(tx, {
      orderId,
      expectedVersion: head.version,
      to: plan.to,
    });
    await insertOrderEvent(tx, {
      orderId,
      from: head.status,
      to: plan.to,
      actorId: actor.id,
      comment: stepComment(undoSummary(plan.undo), body.comment),
      kind: 'receipt_undone',
    });
    await unmarkLinesReceived(tx, orderId, body.receiptId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'order.undo_receipt',
      entity: 'order',
      entityId: String(orderId),
      locationId: head.locationId,
      before: {
        status: head.status,
        version: head.version,
        receiptId: body.receiptId,
        received: plan.undo.map(({ productId, receivedQuantity }) => ({
          productId,
          quantity: receivedQuantity,
        })),
      },
      after: { status: plan.to, version, comment: body.comment ?? '' },
    });
  });
}
