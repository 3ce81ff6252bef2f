import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  findOrderHead,
  insertOrderEvent,
  markLinesReceived,
  updateOrderStatusAtVersion,
} from '@db/repositories/orders.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import {
  checkOrderActionPermission,
  transitionOrder as nextStatus,
  ORDER_ACTION_RULES,
  type OrderAction,
  type OrderStatus,
} from '@engine/order-state-machine.ts';
import { orderChanged, orderNotFound, orderRefused } from './order-refusals.ts';

export interface TransitionInput {
  orderId: number;
  action: OrderAction;
  /** The version the person acted on; bulk approval without one acts on the version it reads. */
  expectedVersion: number | undefined;
  comment: string;
}

/**
 * Applies one action to one order in one transaction. Checks run in the order a person would want to hear
 * them: the comment a rejection needs (400), the order exists (404), they may act (403), nobody changed it
 * meanwhile (409), the state machine allows it (409). The UPDATE is guarded by the version, so of two
 * people acting at once exactly one wins and the other gets "changed by someone else". Whether the order
 * is the actor's to see is the caller's check (the route's record scope, bulk approval's own).
 */
export async function transitionOrder(
  db: Db,
  actor: Actor,
  input: TransitionInput,
): Promise<{ from: OrderStatus; to: OrderStatus; version: number }> {
  const rule = ORDER_ACTION_RULES[input.action];
  if (rule.commentRequired && !input.comment) {
    throw AppError.validation(`Add a comment saying why the order is ${rule.done}.`, [
      { path: 'comment', message: 'A comment is required' },
    ]);
  }
  const head = await findOrderHead(db, input.orderId);
  if (!head) throw orderNotFound();
  const allowed = checkOrderActionPermission({
    action: input.action,
    actor: { userId: actor.id, permissions: actor.permissions },
    status: head.status,
    createdBy: head.createdBy,
  });
  if (!allowed.ok) throw AppError.forbidden(allowed.reason);
  const expectedVersion = input.expectedVersion ?? head.version;
  if (head.version !== expectedVersion) throw await orderChanged(db, input.orderId, head.status, actor);
  const transition = nextStatus(head.status, input.action);
  if (!transition.ok) throw orderRefused(transition.reason, head.status);

  return db.transaction(async (tx) => {
    const version = await updateOrderStatusAtVersion(tx, {
      orderId: input.orderId,
      expectedVersion,
      to: transition.to,
    });
    if (version === null) {
      const now = await findOrderHead(tx, input.orderId);
      throw now ? await orderChanged(tx, input.orderId, now.status, actor) : orderNotFound();
    }
    const eventId = await insertOrderEvent(tx, {
      orderId: input.orderId,
      from: transition.from,
      to: transition.to,
      actorId: actor.id,
      comment: input.comment,
    });
    // Receiving the order receives whatever had not arrived yet with it (decision 092).
    if (transition.to === 'received') await markLinesReceived(tx, input.orderId, eventId, null);
    await recordAudit(tx, {
      actorId: actor.id,
      action: `order.${input.action}`,
      entity: 'order',
      entityId: String(input.orderId),
      locationId: head.locationId,
      before: { status: transition.from, version: expectedVersion },
      after: { status: transition.to, version, comment: input.comment },
    });
    return { from: transition.from, to: transition.to, version };
  });
}
