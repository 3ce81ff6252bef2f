import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  bumpOrderVersion,
  findOrderHead,
  insertOrderEvent,
  listOrderLinesToChange,
  setOrderLineQuantities,
} from '@db/repositories/orders.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { applyOrderLineEdits } from '@engine/order-line-edits.ts';
import type { OrderLinesEditBody } from '@engine/order-schemas.ts';
import { checkOrderLinesEditable } from '@engine/order-state-machine.ts';
import { stepComment } from '@engine/order-step-comment.ts';
import { orderChanged, orderNotFound, orderRefused } from './order-refusals.ts';

/**
 * Changes quantities of a submitted order (Order Management). The lines are read after the version was
 * seen, and the write claims that same version: if anyone changed the order in between, the claim fails
 * and nothing is written. An edit that changes nothing writes nothing (autosave may resend a value).
 * The history gets an event (status unchanged) that says what changed. Whether the order is the actor's
 * to see is the caller's check (the route's record scope).
 */
export async function editOrderLines(
  db: Db,
  actor: Actor,
  orderId: number,
  body: OrderLinesEditBody,
): Promise<void> {
  const head = await findOrderHead(db, orderId);
  if (!head) throw orderNotFound();
  if (head.version !== body.expectedVersion) throw await orderChanged(db, orderId, head.status, actor);
  const editable = checkOrderLinesEditable(head.status);
  if (!editable.ok) throw orderRefused(editable.reason, head.status);

  const before = await listOrderLinesToChange(db, orderId);
  const edit = applyOrderLineEdits(before, body.lines);
  if (!edit.ok) throw AppError.validation(edit.reason);
  if (edit.changes.length === 0) return;

  await db.transaction(async (tx) => {
    const version = await bumpOrderVersion(tx, orderId, body.expectedVersion);
    if (version === null) {
      const now = await findOrderHead(tx, orderId);
      throw now ? await orderChanged(tx, orderId, now.status, actor) : orderNotFound();
    }
    await setOrderLineQuantities(tx, orderId, edit.lines);
    const summary = edit.changes.join('; ');
    await insertOrderEvent(tx, {
      orderId,
      from: head.status,
      to: head.status,
      actorId: actor.id,
      comment: stepComment(summary, body.comment),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'order.edit_lines',
      entity: 'order',
      entityId: String(orderId),
      locationId: head.locationId,
      before: {
        version: body.expectedVersion,
        lines: before.map(({ productId, quantity }) => ({ productId, quantity })),
      },
      after: {
        version,
        lines: edit.lines.map(({ productId, quantity }) => ({ productId, quantity })),
        comment: body.comment ?? '',
      },
    });
  });
}
