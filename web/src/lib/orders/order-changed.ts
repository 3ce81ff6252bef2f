import { ORDER_ACTION_RULES, type OrderAction } from '@engine/order-state-machine.ts';
import type { ToastInput } from '@web/components/ui/use-toast.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { ApiRequestError, errorMessageForPerson } from '@web/lib/api-request.ts';

/**
 * The order moved on since the screen read it: a step was taken on it (order_changed), or its status no longer
 * allows what the screen offered (invalid_transition). Either way the lists reload and the person looks again.
 * The step may be the person's own, from another tab or device: the server's sentence says who.
 */
export function isOrderChangedMeanwhile(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'order_changed' || code === 'invalid_transition';
}

function statusNow(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const details = error.body?.details;
  if (typeof details !== 'object' || details === null) return null;
  const { status } = details as { status?: unknown };
  return typeof status === 'string' ? status : null;
}

/**
 * The toast for an order action or edit that did not go through. When the order already is where the action
 * would have taken it (two approvers, or one in two tabs), that is news, not a failure: the plain toast, titled
 * so. Another change first is the red one, and so is any other refusal or a lost connection, under `failedTitle`.
 */
export function orderFailureToast(
  error: unknown,
  order: { number: string; action?: OrderAction },
  failedTitle: string,
): ToastInput {
  const description = errorMessageForPerson(error, 'Try again in a moment.');
  if (!isOrderChangedMeanwhile(error)) return { variant: 'destructive', title: failedTitle, description };
  const reached = order.action ? ORDER_ACTION_RULES[order.action].to : null;
  if (reached !== null && statusNow(error) === reached) {
    return { variant: 'default', title: `Order ${order.number} is already ${reached}`, description };
  }
  return { variant: 'destructive', title: 'The order changed meanwhile', description };
}
