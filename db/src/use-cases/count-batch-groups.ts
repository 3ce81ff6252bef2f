import { groupedCalls } from '@db/grouped-calls.ts';
import { saveCountBatch, saveCountBatches } from '@db/repositories/count-items.ts';

/**
 * Autosave batches grouped while the database is busy (decision 050): the commit's flush of the write-ahead log
 * and the round trip are a large share of a save, and at a chain's peak hundreds of saves arrive each second.
 * A batch that finds fewer than two save calls under way goes at once, alone, as before; the ones that arrive
 * while those run go together in the next free call, up to 32 in one call and one commit (saveCountBatches: all
 * or nothing, so a group that fails is saved again batch by batch).
 */
export const saveCountBatchGrouped = groupedCalls({
  maxInFlight: 2,
  maxGroup: 32,
  one: saveCountBatch,
  many: saveCountBatches,
});
