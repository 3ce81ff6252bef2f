import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { deactivateSessionCompletion } from '@db/repositories/count-completions.ts';

/**
 * Decision 021: the first change to a completed count reopens it, in the same transaction as the change.
 * The completion's numbers no longer hold, so it stops being the café's active completion and the count
 * has to be completed again before Suggest Orders uses it. Returns whether a completion was reopened.
 */
export async function reopenCompletedCount(
  tx: Db,
  input: { locationId: number; sessionId: number; actorId: number; changed: readonly number[] },
): Promise<boolean> {
  if (input.changed.length === 0) return false;
  const completionId = await deactivateSessionCompletion(tx, input.sessionId);
  if (completionId === null) return false;
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'count.reopen',
    entity: 'count_completion',
    entityId: String(completionId),
    locationId: input.locationId,
    after: { sessionId: input.sessionId, changedProducts: input.changed },
  });
  return true;
}
