import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { bumpOrderVersion, correctReceivedQuantities, insertOrderEvent } from '@db/repositories/orders.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { correctionSummary, planReceiptCorrection } from '@engine/order-receipt-corrections.ts';
import type { CorrectReceiptBody } from '@engine/order-schemas.ts';
import { stepComment } from '@engine/order-step-comment.ts';
import { lockOrderForReceipt } from './order-receipt-lock.ts';

/**
 * Corrects what came on lines received before (decision 093): each keeps its delivery and time, with the
 * quantity that really came. The order is locked while its lines are read and written, as for a delivery; its
 * status stays, its version moves, so a screen that acts on the order as it was is told what changed. A
 * correction that changes nothing (a retry that landed) writes nothing. Who may correct is who may receive;
 * whether the order is the actor's to see is the caller's check (the route's record scope).
 */
export async function correctOrderReceipt(
  db: Db,
  actor: Actor,
  orderId: number,
  body: CorrectReceiptBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { head, lines } = await lockOrderForReceipt(tx, actor, orderId);
    const plan = planReceiptCorrection(lines, body.lines);
    if (!plan.ok) throw AppError.validation(plan.reason, [{ path: 'lines', message: plan.reason }]);
    if (plan.change.length === 0) return;

    // The order is locked: its version cannot have moved since it was read.
    const version = await bumpOrderVersion(tx, orderId, head.version);
    const summary = correctionSummary(plan.change);
    await insertOrderEvent(tx, {
      orderId,
      from: head.status,
      to: head.status,
      actorId: actor.id,
      comment: stepComment(summary, body.comment),
      kind: 'receipt_correction',
    });
    await correctReceivedQuantities(tx, orderId, plan.change);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'order.correct_receipt',
      entity: 'order',
      entityId: String(orderId),
      locationId: head.locationId,
      before: {
        version: head.version,
        received: plan.change.map(({ productId, recordedQuantity }) => ({
          productId,
          quantity: recordedQuantity,
        })),
      },
      after: {
        version,
        received: plan.change.map(({ productId, receivedQuantity }) => ({
          productId,
          quantity: receivedQuantity,
        })),
        comment: body.comment ?? '',
      },
    });
  });
}
