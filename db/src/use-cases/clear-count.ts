import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { findSessionCompletion } from '@db/repositories/count-completions.ts';
import { deleteCountItems } from '@db/repositories/count-items.ts';
import { lockOpenCountSession, markCountSessionCleared } from '@db/repositories/count-sessions.ts';
import { findLocationTimeZone } from '@db/repositories/locations.ts';
import type { Actor } from '@engine/actor.ts';
import type { ClearCountResponse } from '@engine/counting-schemas.ts';
import { countAlreadyCompleted, countSessionChanged } from './count-refusals.ts';

const CLEAR_COMPLETED_THEN = ', so its counts are kept. Start a new count to count again';

/**
 * "Clear all counts?": empties the open session but keeps it. Edits typed before the clear that arrive
 * later (an offline device catching up) are superseded, so cleared counts do not come back. A completed
 * count is not cleared: its completion refers to those counts; starting a new count is the way on.
 */
export function clearCount(
  db: Db,
  actor: Actor,
  input: { locationId: number; sessionId?: number },
  now: Date = new Date(),
): Promise<ClearCountResponse> {
  return db.transaction(async (tx) => {
    const open = await lockOpenCountSession(tx, input.locationId);
    if (input.sessionId !== undefined && open?.id !== input.sessionId) {
      throw countSessionChanged(input.sessionId, open?.id ?? null);
    }
    if (!open) return { locationId: input.locationId, countSession: null, itemsCleared: 0 };
    const completed = await findSessionCompletion(tx, open.id);
    if (completed) {
      const timeZone = (await findLocationTimeZone(tx, input.locationId)) ?? undefined;
      throw countAlreadyCompleted(completed, { timeZone, now }, CLEAR_COMPLETED_THEN);
    }
    const cleared = await deleteCountItems(tx, open.id);
    const session = await markCountSessionCleared(tx, open.id, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'count.clear',
      entity: 'count_session',
      entityId: String(open.id),
      locationId: input.locationId,
      before: { items: cleared },
      after: { itemsCleared: cleared.length },
    });
    return { locationId: input.locationId, countSession: session, itemsCleared: cleared.length };
  });
}
