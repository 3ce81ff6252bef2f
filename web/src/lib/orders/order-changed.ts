import { errorCodeOf } from '@web/lib/api-client.ts';

/**
 * Someone else changed the order first: it moved on (order_changed), or its status no longer allows what
 * the screen offered (invalid_transition). Either way the lists reload and the person looks again.
 */
export function isChangedBySomeoneElse(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'order_changed' || code === 'invalid_transition';
}
