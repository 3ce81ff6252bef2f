import type { Db } from '@db/client.ts';
import { storeDerivedStockStatuses } from '@db/repositories/derived-stock-status.ts';
import {
  loadStoredPars,
  ParImportConflictError,
  type StoredPars,
  writeParChunk,
} from '@db/repositories/par-import.ts';
import type { Actor } from '@engine/actor.ts';
import {
  addToTally,
  emptyTally,
  type ParImportProblem,
  type ParImportTally,
  type PlannedPar,
  planParRow,
  type ResolvedParRow,
  sortProblems,
} from '@engine/par-import-rows.ts';

/** Rows per write statement. */
export const WRITE_CHUNK_ROWS = 5_000;

/** One piece of the file as it is read: the rows that passed their own checks, and the others' problems. */
export interface CheckedParChunk {
  rows: readonly ResolvedParRow[];
  problems: readonly ParImportProblem[];
}

export interface ImportParsInput {
  /**
   * The file a chunk at a time, in file order. Each chunk is compared with the stored PARs as it arrives and then
   * dropped, so a file's parsed cells never all sit in memory at once; only the planned writes are kept. Problems
   * of any chunk refuse the whole file with them and with every locked PAR it changes.
   */
  chunks: AsyncIterable<CheckedParChunk> | Iterable<CheckedParChunk>;
  /** Where the figures came from, kept in the audit log (e.g. the file name). */
  source: string;
  dryRun: boolean;
  /** Change locked PARs too; honoured only for an actor who may manage PAR locks, as in Set PARs. */
  overrideLocks: boolean;
  /** Names a row's product and café in a refusal, e.g. "'Whole Milk' at DT-01". */
  describe: (row: ResolvedParRow) => string;
  /** Every row is compared with the stored PARs; `writes` will be written (unless a dry run). */
  onPlanned?: (writes: readonly PlannedPar[]) => void;
  /** Another chunk was written inside the import's transaction. */
  onWritten?: (written: number) => void;
}

export type ImportParsOutcome =
  | { ok: false; problems: ParImportProblem[] }
  | { ok: true; tally: ParImportTally; writes: PlannedPar[] };

/**
 * Imports PARs of many cafés at once: compares every row with the stored PAR, refuses the whole file when a
 * row has a problem (a locked PAR the actor may not change among them), then writes every create and change
 * with one audit entry per café and chunk ('par.import', decision 046) in one transaction. A PAR changed or locked by someone else after
 * the comparison rolls the whole import back (ParImportConflictError) rather than overwrite that change.
 */
export async function importPars(
  db: Db,
  actor: Actor | null,
  input: ImportParsInput,
): Promise<ImportParsOutcome> {
  const mayChangeLockedPars = input.overrideLocks && (actor?.permissions.has('par_lock_management') ?? false);
  const stored: StoredPars = new Map();
  const problems: ParImportProblem[] = [];
  const tally = emptyTally();
  const writes: PlannedPar[] = [];
  for await (const chunk of input.chunks) {
    problems.push(...chunk.problems);
    // Each café's stored PARs are read once, with the first chunk that names it.
    const unseen = [...new Set(chunk.rows.map((row) => row.locationId))].filter((id) => !stored.has(id));
    if (unseen.length > 0) {
      const loaded = await loadStoredPars(db, unseen);
      for (const id of unseen) stored.set(id, loaded.get(id) ?? new Map());
    }
    for (const row of chunk.rows) {
      const plan = planParRow(row, stored.get(row.locationId)?.get(row.productId), {
        overrideLocks: mayChangeLockedPars,
        describe: () => input.describe(row),
      });
      if (!plan.ok) {
        problems.push(plan.problem);
        continue;
      }
      addToTally(tally, plan.planned);
      if (plan.planned.kind !== 'unchanged') writes.push(plan.planned);
    }
  }
  if (problems.length > 0) return { ok: false, problems: sortProblems(problems) };
  input.onPlanned?.(writes);
  if (input.dryRun) return { ok: true, tally, writes };

  await db.transaction(async (tx) => {
    let written = 0;
    for (let start = 0; start < writes.length; start += WRITE_CHUNK_ROWS) {
      const chunk = writes.slice(start, start + WRITE_CHUNK_ROWS);
      const count = await writeParChunk(tx, chunk, { actorId: actor?.id ?? null, source: input.source });
      // Fewer rows than planned means a PAR changed since it was compared: keep nothing of this import.
      if (count !== chunk.length) throw new ParImportConflictError(chunk.length - count);
      // New PARs move the status the last count gives against them (decision 028): stored with them.
      await storeDerivedStockStatuses(tx, chunk);
      written += count;
      input.onWritten?.(written);
    }
  });
  return { ok: true, tally, writes };
}
