import type { Db } from '@db/client.ts';
import { findLatestOrderChange, type LatestOrderChange } from '@db/repositories/orders.ts';
import { whenPhrase } from '@engine/cafe-time-labels.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import { type OrderStepKind, orderStepKind } from '@engine/order-receipts.ts';
import type { OrderStatus } from '@engine/order-state-machine.ts';

// An order outside the user's scope answers exactly like one that does not exist: ids are not a probe.
export const ORDER_NOT_FOUND_MESSAGE = notFoundMessage('order');

export function orderNotFound(): AppError {
  return AppError.notFound(ORDER_NOT_FOUND_MESSAGE);
}

/** How a refusal names a step that keeps the status; one that changes it is named by the status it reached. */
const STEP_WORDS: Partial<Record<OrderStepKind, string>> = {
  quantities_changed: 'changed the quantities of',
  delivery_received: 'received a delivery of',
  receipt_corrected: 'corrected what came in a delivery of',
  receipt_undone: 'undid a delivery of',
};

/**
 * What happened to the order since the person opened it, from its latest step: "Dan Reyes approved this order
 * today at 07:50, after you opened it." The step may be their own, from another tab or device: then it says
 * "You …", never "someone else". Times are the café's (decision 007). A step that does not explain the change
 * (only the submission is recorded) leaves the plain sentence with the status now.
 */
export function orderChangedMessage(
  status: OrderStatus,
  change: LatestOrderChange | null,
  viewer: { actorId: number; now: Date },
): string {
  const reload = 'Reload to see the latest.';
  if (!change || change.from === null)
    return `This order changed after you opened it (now ${status}). ${reload}`;
  const what = STEP_WORDS[orderStepKind(change)] ?? change.to;
  const when = whenPhrase(change.at, viewer.now, change.timezone) ?? '';
  if (change.actorId === viewer.actorId)
    return `You ${what} this order ${when}, on another screen. ${reload}`;
  return `${change.actorName ?? 'Someone'} ${what} this order ${when}, after you opened it. ${reload}`;
}

/** Someone acted on the order since this person loaded it: their action is not applied, and they are told what. */
export async function orderChanged(
  db: Db,
  orderId: number,
  status: OrderStatus,
  actor: { id: number },
  now: Date = new Date(),
): Promise<AppError> {
  const change = await findLatestOrderChange(db, orderId);
  return new AppError('order_changed', orderChangedMessage(status, change, { actorId: actor.id, now }), {
    details: {
      status,
      changedBy: change?.from ? { id: change.actorId, name: change.actorName } : null,
      changedAt: change?.from ? change.at : null,
    },
  });
}

/** The state machine's refusal, e.g. "Only submitted orders can be approved; this order is placed." */
export function orderRefused(reason: string, status: OrderStatus): AppError {
  return new AppError('invalid_transition', reason, { details: { status } });
}
