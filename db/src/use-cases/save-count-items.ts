import type { Db } from '@db/client.ts';
import { type CountBatchOutcome, openCountAndSaveBatch } from '@db/repositories/count-items.ts';
import type { Actor } from '@engine/actor.ts';
import { latestEditPerProduct } from '@engine/count-item-edit.ts';
import type { CountEdit, SaveCountItemsResponse } from '@engine/counting-schemas.ts';
import { AccessChangedError } from './access-changed.ts';
import { saveCountBatchGrouped } from './count-batch-groups.ts';
import { countSessionChanged, unknownCountProducts } from './count-refusals.ts';

type SaveInput = {
  locationId: number;
  sessionId: number | null;
  items: readonly CountEdit[];
  /** The access epoch the request was admitted on, when its access was not read for it (decision 063). */
  accessEpoch?: string | null;
  /** When the request arrived (performance.now()): its wait for a save call counts from then (decision 064). */
  receivedAt?: number;
};

/**
 * A batch typed with no session while none is open: staff may count without pressing Start. One call opens the
 * count and saves (decision 069); of two first saves at one café, one opens it and the other saves into it.
 */
async function openSessionAndSave(db: Db, actor: Actor, input: SaveInput): Promise<CountBatchOutcome> {
  const outcome = await openCountAndSaveBatch(db, {
    locationId: input.locationId,
    actorId: actor.id,
    edits: latestEditPerProduct(input.items),
    accessEpoch: input.accessEpoch ?? null,
  });
  if (outcome.outcome === 'access_changed') throw new AccessChangedError();
  if (outcome.outcome === 'unknown_products') throw unknownCountProducts(outcome.productIds);
  return outcome;
}

/**
 * Saves a batch of typed items into the location's count, all or nothing. Each item is stored only when
 * typed after the stored value (last typed value wins); the answer says which were applied and which
 * were superseded, with the stored state of every item. A batch typed against a session that is no longer
 * the open one is refused (someone started a new count meanwhile). A change to a completed count reopens it
 * (decision 021). The usual case is one database call (saveCountBatch, decision 042), shared with the other
 * batches that arrived while the database was busy (decision 050). With `accessEpoch`, a batch whose access has
 * changed since it was admitted writes nothing and throws AccessChangedError (decision 063).
 */
export async function saveCountItemBatch(
  db: Db,
  actor: Actor,
  input: SaveInput,
): Promise<SaveCountItemsResponse> {
  let outcome = await saveCountBatchGrouped(
    db,
    {
      locationId: input.locationId,
      sessionId: input.sessionId,
      actorId: actor.id,
      edits: latestEditPerProduct(input.items),
      accessEpoch: input.accessEpoch ?? null,
    },
    input.receivedAt,
  );
  if (outcome.outcome === 'access_changed') throw new AccessChangedError();
  if (outcome.outcome === 'no_session') {
    if (input.sessionId !== null) throw countSessionChanged(input.sessionId, null);
    outcome = await openSessionAndSave(db, actor, input);
  }
  if (outcome.outcome === 'session_changed')
    throw countSessionChanged(input.sessionId, outcome.openSessionId);
  if (outcome.outcome === 'unknown_products') throw unknownCountProducts(outcome.productIds);
  if (outcome.outcome !== 'saved') throw new Error('A count batch found no session after opening one');
  return {
    locationId: input.locationId,
    countSession: outcome.session,
    applied: outcome.items.filter((item) => item.applied).map((item) => item.productId),
    superseded: outcome.items.filter((item) => !item.applied).map((item) => item.productId),
    items: outcome.items.map((item) => item.state),
  };
}
