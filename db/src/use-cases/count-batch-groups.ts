import type { Db } from '@db/client.ts';
import { isDatabaseUnavailable } from '@db/database-unavailable.ts';
import {
  type CountBatchInput,
  type CountBatchOutcome,
  saveCountBatch,
  saveCountBatches,
} from '@db/repositories/count-items.ts';

/**
 * Autosave batches grouped while the database is busy (decision 050): the commit's flush of the write-ahead log
 * and the round trip are a large share of a save, and at a chain's peak hundreds of saves arrive each second.
 * A batch that finds fewer than `MAX_IN_FLIGHT` calls under way goes at once, alone, as before; the ones that
 * arrive while they run wait for the next free call and go together, up to `MAX_GROUP` in one call and one
 * commit. A quiet server therefore adds no wait, and a busy one commits many saves at a time.
 */
const MAX_IN_FLIGHT = 2;
const MAX_GROUP = 32;

interface Waiting {
  input: CountBatchInput;
  resolve: (outcome: CountBatchOutcome) => void;
  reject: (error: unknown) => void;
}

interface Groups {
  waiting: Waiting[];
  inFlight: number;
}

const groupsOf = new WeakMap<Db, Groups>();

/** Saves one batch (as saveCountBatch), together with others waiting for the same database. */
export function saveCountBatchGrouped(db: Db, input: CountBatchInput): Promise<CountBatchOutcome> {
  let groups = groupsOf.get(db);
  if (!groups) {
    groups = { waiting: [], inFlight: 0 };
    groupsOf.set(db, groups);
  }
  const own = groups;
  return new Promise<CountBatchOutcome>((resolve, reject) => {
    own.waiting.push({ input, resolve, reject });
    dispatch(db, own);
  });
}

function dispatch(db: Db, groups: Groups): void {
  while (groups.inFlight < MAX_IN_FLIGHT && groups.waiting.length > 0) {
    const group = groups.waiting.splice(0, MAX_GROUP);
    groups.inFlight += 1;
    void saveGroup(db, group).finally(() => {
      groups.inFlight -= 1;
      dispatch(db, groups);
    });
  }
}

async function saveGroup(db: Db, group: readonly Waiting[]): Promise<void> {
  if (group.length === 1) {
    const [only] = group as [Waiting];
    await saveCountBatch(db, only.input).then(only.resolve, only.reject);
    return;
  }
  try {
    const outcomes = await saveCountBatches(
      db,
      group.map((waiting) => waiting.input),
    );
    group.forEach((waiting, index) => {
      const outcome = outcomes[index];
      if (outcome) waiting.resolve(outcome);
      else waiting.reject(new Error('A grouped count batch had no answer'));
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      for (const waiting of group) waiting.reject(error);
      return;
    }
    // Nothing of the group was saved. One batch's error must not refuse the others: each goes again alone and
    // gets its own answer or error.
    await Promise.all(
      group.map((waiting) => saveCountBatch(db, waiting.input).then(waiting.resolve, waiting.reject)),
    );
  }
}
