import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import type { OrderStatus } from '@engine/order-state-machine.ts';

// An order outside the user's scope answers exactly like one that does not exist: ids are not a probe.
export const ORDER_NOT_FOUND_MESSAGE = notFoundMessage('order');

export function orderNotFound(): AppError {
  return AppError.notFound(ORDER_NOT_FOUND_MESSAGE);
}

export function orderChangedMessage(status: OrderStatus): string {
  return `This order was changed by someone else (now ${status}). Reload to see the latest.`;
}

/** Someone acted on the order since this person loaded it: their action is not applied. */
export function orderChanged(status: OrderStatus): AppError {
  return new AppError('order_changed', orderChangedMessage(status), { details: { status } });
}

/** The state machine's refusal, e.g. "Only submitted orders can be approved; this order is placed." */
export function orderRefused(reason: string, status: OrderStatus): AppError {
  return new AppError('invalid_transition', reason, { details: { status } });
}
