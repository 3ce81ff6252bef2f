import type { Db } from '@db/client.ts';
import { confirmCountItems } from '@db/repositories/count-items.ts';
import { lockOpenCountSession } from '@db/repositories/count-sessions.ts';
import type { Actor } from '@engine/actor.ts';
import type { ConfirmCountItemsResponse } from '@engine/counting-schemas.ts';
import { countSessionChanged } from './count-refusals.ts';
import { reopenCompletedCount } from './reopen-completed-count.ts';

/**
 * Confirms the given counted items, or every counted item, of the session the client is looking at. Confirming
 * changes what Suggest Orders uses, so it reopens a completed count like any other edit (decision 021).
 */
export function confirmCount(
  db: Db,
  actor: Actor,
  input: { locationId: number; sessionId: number; productIds?: readonly number[] },
): Promise<ConfirmCountItemsResponse> {
  return db.transaction(async (tx) => {
    const open = await lockOpenCountSession(tx, input.locationId);
    if (!open || open.id !== input.sessionId) throw countSessionChanged(input.sessionId, open?.id ?? null);
    const items = await confirmCountItems(tx, {
      sessionId: open.id,
      locationId: input.locationId,
      actorId: actor.id,
      productIds: input.productIds ?? null,
    });
    await reopenCompletedCount(tx, {
      locationId: input.locationId,
      sessionId: open.id,
      actorId: actor.id,
      changed: items.map((item) => item.productId),
    });
    return {
      locationId: input.locationId,
      sessionId: open.id,
      confirmed: items.map((item) => item.productId),
      items,
    };
  });
}
