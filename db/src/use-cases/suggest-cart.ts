import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  findActiveCompletionSession,
  listSuggestionSources,
  lockCart,
  replaceCartWithSuggestions,
  touchCart,
} from '@db/repositories/carts.ts';
import type { Actor } from '@engine/actor.ts';
import { buildCartSuggestions } from '@engine/cart-suggestions.ts';
import { AppError } from '@engine/errors/app-error.ts';

export const COUNT_NOT_COMPLETED_MESSAGE = 'Complete the inventory count before creating orders.';

/**
 * Suggest Orders (requirements §4–§5): only after the location's count was completed, from that completed count.
 * The suggestions replace the list, so pressing it twice gives the same list rather than doubled
 * quantities; the list is then "suggested" until it is cleared or submitted.
 */
export async function suggestCart(db: Db, actor: Actor, locationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCart(tx, locationId);
    const completion = await findActiveCompletionSession(tx, locationId);
    if (!completion) {
      throw new AppError('count_not_completed', COUNT_NOT_COMPLETED_MESSAGE, {
        details: { title: 'Count Not Completed' },
      });
    }
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
