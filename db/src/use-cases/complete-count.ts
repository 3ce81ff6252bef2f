import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  type CountCompletionRow,
  findSessionCompletion,
  insertActiveCountCompletion,
  listCountItemStates,
  lockOpenCountSession,
} from '@db/repositories/count-completions.ts';
import { storeDerivedStockStatusesAt } from '@db/repositories/derived-stock-status.ts';
import { findLocationTimeZone } from '@db/repositories/locations.ts';
import type { Actor } from '@engine/actor.ts';
import { type CountCompletionCheck, checkCountCompletion } from '@engine/count-completion-guard.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { countAlreadyCompleted } from './count-refusals.ts';

/** The guard's refusal as the API answers it: its code says which, the client shows `message` under `details.title`. */
function refusal(check: Extract<CountCompletionCheck, { ok: false }>): AppError {
  const details = {
    title: check.title,
    editedAfterConfirmation: check.editedAfterConfirmation,
  };
  if (check.reason === 'no_location') {
    return new AppError('location_required', check.message, { details });
  }
  const code = check.reason === 'in_flight' ? 'conflict' : check.reason;
  return new AppError(code, check.message, { details });
}

/**
 * Completes the location's open count; without a location it is the guard's own refusal. The session row
 * stays locked until commit, so a second request for the same count waits, then finds this completion and
 * is refused, told who completed it and when: one click, one completion.
 */
export async function completeCount(
  db: Db,
  actor: Actor,
  locationId: number | undefined,
  now: Date = new Date(),
): Promise<CountCompletionRow> {
  if (locationId === undefined) {
    const check = checkCountCompletion({ locationId: null, items: [] });
    if (!check.ok) throw refusal(check);
    throw new Error('The completion guard passed a count without a location');
  }
  return db.transaction(async (tx) => {
    const session = await lockOpenCountSession(tx, locationId);
    const completed = session ? await findSessionCompletion(tx, session.id) : null;
    if (completed) {
      const timeZone = (await findLocationTimeZone(tx, locationId)) ?? undefined;
      throw countAlreadyCompleted(completed, { timeZone, now });
    }
    const items = session ? await listCountItemStates(tx, session.id, locationId) : [];
    const check = checkCountCompletion({ locationId, items });
    if (!check.ok) throw refusal(check);
    if (!session) throw new Error('The completion guard passed a count without a session');

    const completion = await insertActiveCountCompletion(tx, {
      locationId,
      sessionId: session.id,
      completedBy: actor.id,
      itemsCounted: check.itemsCounted,
    });
    // The count is the café's latest word on its shelves: the stored status follows it (decision 028).
    await storeDerivedStockStatusesAt(tx, locationId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'count.complete',
      entity: 'count_completion',
      entityId: String(completion.id),
      locationId,
      after: { sessionId: session.id, itemsCounted: completion.itemsCounted },
    });
    return completion;
  });
}
