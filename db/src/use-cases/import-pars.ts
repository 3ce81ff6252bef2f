import type { Db } from '@db/client.ts';
import type { Actor } from '@engine/actor.ts';
import type {
  ParImportProblem,
  ParImportTally,
  PlannedPar,
  ResolvedParRow,
} from '@engine/par-import-rows.ts';
import { ImportPlan } from './par-import-plan.ts';
import { ChunkWriter, WRITE_CHUNK_ROWS } from './par-import-writer.ts';

export { WRITE_CHUNK_ROWS };

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
  /**
   * Every row is compared with the stored PARs and none has a problem: `writes` will all be written (unless a dry
   * run). In a file longer than one write chunk, chunks may already have been written by then (decision 072).
   */
  onPlanned?: (writes: readonly PlannedPar[]) => void;
  /** Another chunk was written inside the import's transaction. */
  onWritten?: (written: number) => void;
}

export type ImportParsOutcome =
  | { ok: false; problems: ParImportProblem[] }
  | { ok: true; tally: ParImportTally; writes: PlannedPar[] };

/**
 * Imports PARs of many cafés at once: compares every row with the stored PAR, refuses the whole file when a
 * row has a problem (a locked PAR the actor may not change among them), and writes every create and change
 * with one audit entry per café and chunk ('par.import', decision 046) in one transaction. A PAR changed or
 * locked by someone else after the comparison rolls the whole import back (ParImportConflictError) rather than
 * overwrite that change.
 *
 * On PostgreSQL the write runs beside the reading (decision 072): once the rows read so far plan a full write
 * chunk, the transaction opens and each full chunk is written while the next part of the file is read and checked.
 * A problem found later stops the writing, the rest of the file is still read so that every problem is reported,
 * and the transaction is rolled back: nothing of a refused file stays. A file whose problems come before its first
 * full write chunk, a file of less than one write chunk and a dry run open no transaction while they are read; so
 * does every file on the embedded database, which runs in the caller's thread.
 */
export async function importPars(
  db: Db,
  actor: Actor | null,
  input: ImportParsInput,
): Promise<ImportParsOutcome> {
  const chunks = iterate(input.chunks);
  try {
    return await importChunks(db, actor, input, chunks);
  } finally {
    // A file left unread (a write failed) is closed now, not when its reader is collected.
    await chunks.return?.();
  }
}

async function importChunks(
  db: Db,
  actor: Actor | null,
  input: ImportParsInput,
  chunks: AsyncIterator<CheckedParChunk> | Iterator<CheckedParChunk>,
): Promise<ImportParsOutcome> {
  const plan = new ImportPlan(actor, input);
  // The embedded database runs in this thread: a write beside the reading would only take turns with it.
  const writeBesideReading = db.driver === 'postgres' && !input.dryRun;
  let more = true;
  // Nothing is held while the first write chunk is planned.
  while (more && !plan.failed && !(writeBesideReading && plan.unsent >= WRITE_CHUNK_ROWS)) {
    more = await plan.compareNext(db, chunks);
  }
  if (plan.failed || input.dryRun) {
    while (more) more = await plan.compareNext(db, chunks);
    if (!plan.failed) input.onPlanned?.(plan.writes);
    return plan.outcome();
  }
  // A file that ended before its first full write chunk is planned whole before the transaction opens, as before.
  if (!more) input.onPlanned?.(plan.writes);
  const plannedBeforeWriting = !more;

  try {
    await db.transaction(async (tx) => {
      const writer = new ChunkWriter(tx, plan, { actorId: actor?.id ?? null, source: input.source }, input);
      try {
        writer.sendFullChunks();
        while (more && !plan.failed) {
          more = await plan.compareNext(tx, chunks);
          writer.throwIfFailed();
          writer.sendFullChunks();
        }
        if (plan.failed) throw new FileRefused();
        if (!plannedBeforeWriting) input.onPlanned?.(plan.writes);
        writer.sendRest();
        await writer.finished();
      } catch (error) {
        // The transaction ends only once no statement of it is still under way. After a failed write the next
        // statement only says that the transaction is aborted: the write's own error says why.
        await writer.settled();
        throw writer.failure ?? error;
      }
    });
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    // Rolled back: the rest of the file is read outside the transaction, for every problem it has.
    while (more) more = await plan.compareNext(db, chunks);
  }
  return plan.outcome();
}

/** Thrown inside the transaction to roll back what was written of a file found to have a problem. */
class FileRefused extends Error {}

function iterate<T>(source: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
}
