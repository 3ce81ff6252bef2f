import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  findActiveCompletionSession,
  findOrderSinceCompletion,
  listSuggestionSources,
  lockCart,
  type OrderSinceCompletion,
  replaceCartWithSuggestions,
  touchCart,
} from '@db/repositories/carts.ts';
import type { Actor } from '@engine/actor.ts';
import { whenPhrase } from '@engine/cafe-time-labels.ts';
import { buildCartSuggestions } from '@engine/cart-suggestions.ts';
import { AppError } from '@engine/errors/app-error.ts';

export const COUNT_NOT_COMPLETED_MESSAGE = 'Complete the inventory count before creating orders.';

/** "Order DT-01-20261205-0003 was submitted by Priya Raman today at 10:33, after this count was completed …" */
function alreadyOrdered(order: OrderSinceCompletion, now: Date): AppError {
  const by = order.submittedBy ? ` by ${order.submittedBy}` : '';
  const submitted = whenPhrase(order.submittedAt, now, order.timezone) ?? '';
  const completed = whenPhrase(order.completedAt, now, order.timezone) ?? '';
  return new AppError(
    'count_already_ordered',
    `Order ${order.number} was submitted${by} ${submitted}, after this count was completed ${completed}. Suggesting again would order the same shortfall twice.`,
    { details: { title: 'Already Ordered', orderNumber: order.number } },
  );
}

/**
 * Suggest Orders (requirements §4–§5): only after the location's count was completed, from that completed count.
 * The suggestions replace the list, so pressing it twice gives the same list rather than doubled
 * quantities; the list is then "suggested" until it is cleared or submitted.
 *
 * An order submitted after that count has ordered its shortfall already: suggesting again is refused, naming the
 * order, unless the person asks for it `again` (decision 088). Since an order starts the next count and retires the
 * completion (decision 119), that is a completion kept from before.
 */
export async function suggestCart(
  db: Db,
  actor: Actor,
  locationId: number,
  options: { again?: boolean; now?: Date } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCart(tx, locationId);
    const completion = await findActiveCompletionSession(tx, locationId);
    if (!completion) {
      throw new AppError('count_not_completed', COUNT_NOT_COMPLETED_MESSAGE, {
        details: { title: 'Count Not Completed' },
      });
    }
    const ordered = options.again ? null : await findOrderSinceCompletion(tx, completion.completionId);
    if (ordered) throw alreadyOrdered(ordered, options.now ?? new Date());
    const sources =
      completion.sessionId === null ? [] : await listSuggestionSources(tx, locationId, completion.sessionId);
    const lines = buildCartSuggestions(sources);
    await replaceCartWithSuggestions(tx, locationId, lines);
    await touchCart(tx, locationId, { actorId: actor.id, suggested: true });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'cart.suggest',
      entity: 'cart',
      entityId: String(locationId),
      locationId,
      after: { completionId: completion.completionId, lines },
    });
  });
}
