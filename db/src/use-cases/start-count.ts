import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { deactivateActiveCountCompletion } from '@db/repositories/count-completions.ts';
import {
  type CountSessionRow,
  closeCountSession,
  insertCountSession,
  lockLocationForNewCountSession,
  lockOpenCountSession,
} from '@db/repositories/count-sessions.ts';
import type { Actor } from '@engine/actor.ts';
import type { StartCountResponse } from '@engine/counting-schemas.ts';
import { countReplacedMeanwhile } from './count-refusals.ts';

/**
 * Opens a new count session in the caller's transaction, with the location locked: a new count means the
 * location has no active completion (the Shopping List waits for this count). The first item save at a location
 * without an open session does the same inside the database (open_count_and_save_batch, decision 069).
 */
async function openNewCountSession(
  tx: Db,
  input: { locationId: number; actorId: number; closedSessionId: number | null; orderId?: number },
): Promise<{ session: CountSessionRow; deactivatedCompletionId: number | null }> {
  const session = await insertCountSession(tx, input.locationId, input.actorId);
  const deactivatedCompletionId = await deactivateActiveCountCompletion(tx, input.locationId);
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'count.start',
    entity: 'count_session',
    entityId: String(session.id),
    locationId: input.locationId,
    after: {
      sessionId: session.id,
      closedSessionId: input.closedSessionId,
      deactivatedCompletionId,
      ...(input.orderId === undefined ? {} : { orderId: input.orderId }),
    },
  });
  return { session, deactivatedCompletionId };
}

/**
 * Closes the open session (its items stay as that count's history), opens a new, empty one and deactivates the
 * active completion, in the caller's transaction. Devices still typing into the old session get 409
 * count_session_changed on their next save. `orderId` names the order that started it (decision 119).
 */
export async function restartCountIn(
  tx: Db,
  actor: Actor,
  locationId: number,
  cause: { orderId?: number } = {},
): Promise<StartCountResponse> {
  await lockLocationForNewCountSession(tx, locationId);
  const open = await lockOpenCountSession(tx, locationId);
  if (open) await closeCountSession(tx, open.id);
  const { session, deactivatedCompletionId } = await openNewCountSession(tx, {
    locationId,
    actorId: actor.id,
    closedSessionId: open?.id ?? null,
    orderId: cause.orderId,
  });
  return { locationId, countSession: session, closedSessionId: open?.id ?? null, deactivatedCompletionId };
}

/**
 * "Start a new count?" `replacing`, when given, is the count the screen showed: a café whose open count is another
 * one by now (started meanwhile by someone else, or by this same press sent twice) keeps it, and the press is
 * refused with the count it would have wiped.
 */
export function startCount(
  db: Db,
  actor: Actor,
  locationId: number,
  replacing?: number | null,
): Promise<StartCountResponse> {
  return db.transaction(async (tx) => {
    if (typeof replacing === 'number') {
      await lockLocationForNewCountSession(tx, locationId);
      const open = await lockOpenCountSession(tx, locationId);
      if (open?.id !== replacing) throw countReplacedMeanwhile(replacing, open?.id ?? null);
    }
    return restartCountIn(tx, actor, locationId);
  });
}
