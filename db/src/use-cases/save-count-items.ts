import type { Db } from '@db/client.ts';
import { saveCountItems } from '@db/repositories/count-items.ts';
import {
  type CountSessionRow,
  lockLocationForNewCountSession,
  lockOpenCountSession,
} from '@db/repositories/count-sessions.ts';
import type { Actor } from '@engine/actor.ts';
import { latestEditPerProduct } from '@engine/count-item-edit.ts';
import type { CountEdit, SaveCountItemsResponse } from '@engine/counting-schemas.ts';
import { countSessionChanged, unknownCountProducts } from './count-refusals.ts';
import { openNewCountSession } from './start-count.ts';

/**
 * The session a batch goes into. A batch typed against a session that is no longer the open one is
 * refused (someone started a new count meanwhile). A batch typed with no session at all goes into the
 * open one, or opens one: staff may count without pressing Start.
 */
async function targetSession(
  tx: Db,
  input: { locationId: number; sessionId: number | null; actorId: number },
): Promise<CountSessionRow> {
  const open = await lockOpenCountSession(tx, input.locationId);
  if (open) {
    if (input.sessionId !== null && open.id !== input.sessionId) {
      throw countSessionChanged(input.sessionId, open.id);
    }
    return open;
  }
  if (input.sessionId !== null) throw countSessionChanged(input.sessionId, null);
  await lockLocationForNewCountSession(tx, input.locationId);
  // Another save may have opened a session while this one waited for the location.
  const openedMeanwhile = await lockOpenCountSession(tx, input.locationId);
  if (openedMeanwhile) return openedMeanwhile;
  const { session } = await openNewCountSession(tx, {
    locationId: input.locationId,
    actorId: input.actorId,
    action: 'count.open',
    closedSessionId: null,
  });
  return session;
}

/**
 * Saves a batch of typed items into the location's count, all or nothing. Each item is stored only when
 * typed after the stored value (last typed value wins); the answer says which were applied and which
 * were superseded, with the stored state of every item. A change to a completed count reopens it (decision 021).
 */
export function saveCountItemBatch(
  db: Db,
  actor: Actor,
  input: { locationId: number; sessionId: number | null; items: readonly CountEdit[] },
): Promise<SaveCountItemsResponse> {
  return db.transaction(async (tx) => {
    const session = await targetSession(tx, { ...input, actorId: actor.id });
    const saved = await saveCountItems(tx, {
      sessionId: session.id,
      locationId: input.locationId,
      actorId: actor.id,
      clearedAt: session.clearedAt,
      edits: latestEditPerProduct(input.items),
    });
    const unknown = saved.filter((row) => !row.known).map((row) => row.productId);
    // Throwing rolls back the rows the statement already wrote for the known products.
    if (unknown.length > 0) throw unknownCountProducts(unknown);
    // The batch statement has reopened a completed count if anything applied (decision 021).
    const applied = saved.filter((row) => row.applied).map((row) => row.productId);
    return {
      locationId: input.locationId,
      countSession: session,
      applied,
      superseded: saved.filter((row) => !row.applied).map((row) => row.productId),
      items: saved.map((row) => row.state),
    };
  });
}
