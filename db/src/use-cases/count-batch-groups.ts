import { groupedCalls } from '@db/grouped-calls.ts';
import { saveCountBatch, saveCountBatches } from '@db/repositories/count-items.ts';
import { SAVE_ANSWER_TIMEOUT_MS } from '@engine/backoff.ts';

/**
 * A batch that waited this long for a free save call is refused unsaved, as `server_busy` (decision 064): half the
 * time its outbox waits for an answer, so a save the server starts is one its sender still waits for, and the
 * outbox sends the refused one again after its backoff.
 */
export const SAVE_QUEUE_MAX_WAIT_MS = SAVE_ANSWER_TIMEOUT_MS / 2;

/**
 * Autosave batches grouped while the database is busy (decision 050): the commit's flush of the write-ahead log
 * and the round trip are a large share of a save, and at a chain's peak hundreds of saves arrive each second.
 * A batch that finds fewer than two save calls under way goes at once, alone, as before, unless a call under way
 * holds its café's count; the ones that arrive while those run go together in the next free call, up to 32 in one
 * call and one commit (saveCountBatches: all or nothing, so a group that fails is saved again batch by batch).
 */
export const saveCountBatchGrouped = groupedCalls({
  maxInFlight: 2,
  maxGroup: 32,
  maxWaitMs: SAVE_QUEUE_MAX_WAIT_MS,
  // On PostgreSQL a call locks the open count of each of its cafés until it commits (decision 067): a café's batch
  // that arrives meanwhile waits here for the next call rather than in the database for that lock, holding the
  // locks of its group's other cafés. The embedded database runs one call after the other, so no call waits there.
  keysOf: (db, input) => (db.driver === 'postgres' ? [input.locationId] : []),
  one: saveCountBatch,
  many: saveCountBatches,
});
