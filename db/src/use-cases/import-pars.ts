import type { Db } from '@db/client.ts';
import { storeDerivedStockStatuses } from '@db/repositories/derived-stock-status.ts';
import {
  loadStoredPars,
  ParImportConflictError,
  type ParWriteContext,
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

/** The rows compared so far: the stored PARs read for them, their problems, the tally and the planned writes. */
class ImportPlan {
  private readonly stored: StoredPars = new Map();
  private readonly mayChangeLockedPars: boolean;
  readonly problems: ParImportProblem[] = [];
  readonly tally = emptyTally();
  readonly writes: PlannedPar[] = [];
  /** Planned writes already handed to the writer. */
  sent = 0;

  constructor(
    actor: Actor | null,
    private readonly input: ImportParsInput,
  ) {
    this.mayChangeLockedPars =
      input.overrideLocks && (actor?.permissions.has('par_lock_management') ?? false);
  }

  get failed(): boolean {
    return this.problems.length > 0;
  }

  /** Planned writes not yet handed to the writer. */
  get unsent(): number {
    return this.writes.length - this.sent;
  }

  /** Reads the file's next chunk and compares it with the stored PARs; false once the file has ended. */
  async compareNext(reader: Db, chunks: AsyncIterator<CheckedParChunk> | Iterator<CheckedParChunk>) {
    const next = await chunks.next();
    if (next.done) return false;
    const chunk = next.value;
    this.problems.push(...chunk.problems);
    // Each café's stored PARs are read once, with the first chunk that names it, before any of its rows is written.
    const unseen = [...new Set(chunk.rows.map((row) => row.locationId))].filter((id) => !this.stored.has(id));
    if (unseen.length > 0) {
      const loaded = await loadStoredPars(reader, unseen);
      for (const id of unseen) this.stored.set(id, loaded.get(id) ?? new Map());
    }
    for (const row of chunk.rows) {
      const plan = planParRow(row, this.stored.get(row.locationId)?.get(row.productId), {
        overrideLocks: this.mayChangeLockedPars,
        describe: () => this.input.describe(row),
      });
      if (!plan.ok) {
        this.problems.push(plan.problem);
        continue;
      }
      addToTally(this.tally, plan.planned);
      if (plan.planned.kind !== 'unchanged') this.writes.push(plan.planned);
    }
    return true;
  }

  outcome(): ImportParsOutcome {
    if (this.failed) return { ok: false, problems: sortProblems(this.problems) };
    return { ok: true, tally: this.tally, writes: this.writes };
  }
}

/**
 * Writes the plan's chunks in order inside the import's transaction, one statement under way at a time, while the
 * caller goes on reading the file. The first failure (a conflict, a lost connection) stops the chunks after it.
 */
class ChunkWriter {
  private chain: Promise<void> = Promise.resolve();
  private error: unknown = null;
  private written = 0;

  constructor(
    private readonly tx: Db,
    private readonly plan: ImportPlan,
    private readonly context: ParWriteContext,
    private readonly input: Pick<ImportParsInput, 'onWritten'>,
  ) {}

  /** Hands on every full chunk planned so far. */
  sendFullChunks(): void {
    while (this.plan.unsent >= WRITE_CHUNK_ROWS) this.send(WRITE_CHUNK_ROWS);
  }

  /** Hands on what is left once the whole file is planned. */
  sendRest(): void {
    this.sendFullChunks();
    if (this.plan.unsent > 0) this.send(this.plan.unsent);
  }

  private send(rows: number): void {
    const chunk = this.plan.writes.slice(this.plan.sent, this.plan.sent + rows);
    this.plan.sent += rows;
    this.chain = this.chain.then(() => this.write(chunk));
    // Kept for throwIfFailed and finished: a failure is never left unobserved while the file is still read.
    this.chain.catch((error: unknown) => {
      this.error ??= error;
    });
  }

  private async write(chunk: readonly PlannedPar[]): Promise<void> {
    const count = await writeParChunk(this.tx, chunk, this.context);
    // Fewer rows than planned means a PAR changed since it was compared: keep nothing of this import.
    if (count !== chunk.length) throw new ParImportConflictError(chunk.length - count);
    // New PARs move the status the last count gives against them (decision 028): stored with them.
    await storeDerivedStockStatuses(this.tx, chunk);
    this.written += count;
    this.input.onWritten?.(this.written);
  }

  /** The first write that failed, if one did. */
  get failure(): unknown {
    return this.error;
  }

  throwIfFailed(): void {
    if (this.error !== null) throw this.error;
  }

  /** Every chunk handed on is written; throws the first failure. */
  finished(): Promise<void> {
    return this.chain;
  }

  /** Every chunk handed on has been written or has failed. */
  settled(): Promise<void> {
    return this.chain.catch(() => undefined);
  }
}
