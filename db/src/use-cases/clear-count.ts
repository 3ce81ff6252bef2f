import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { isCountSessionCompleted } from '@db/repositories/count-completions.ts';
import { deleteCountItems } from '@db/repositories/count-items.ts';
import { lockOpenCountSession, markCountSessionCleared } from '@db/repositories/count-sessions.ts';
import type { Actor } from '@engine/actor.ts';
import type { ClearCountResponse } from '@engine/counting-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { countSessionChanged } from './count-refusals.ts';

export const CLEAR_COMPLETED_MESSAGE =
  'This count has already been completed, so its counts are kept. Start a new count to count again.';

/**
 * "Clear all counts?": empties the open session but keeps it. Edits typed before the clear that arrive
 * later (an offline device catching up) are superseded, so cleared counts do not come back. A completed
 * count is not cleared: its completion refers to those counts; starting a new count is the way on.
 */
export function clearCount(
  db: Db,
  actor: Actor,
  input: { locationId: number; sessionId?: number },
): Promise<ClearCountResponse> {
  return db.transaction(async (tx) => {
    const open = await lockOpenCountSession(tx, input.locationId);
    if (input.sessionId !== undefined && open?.id !== input.sessionId) {
      throw countSessionChanged(input.sessionId, open?.id ?? null);
    }
    if (!open) return { locationId: input.locationId, countSession: null, itemsCleared: 0 };
    if (await isCountSessionCompleted(tx, open.id)) {
      throw new AppError('already_completed', CLEAR_COMPLETED_MESSAGE, {
        details: { title: 'Count Completed', editedAfterConfirmation: 0 },
      });
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
