import type { Db } from '@db/client.ts';
import { storeDerivedStockStatuses } from '@db/repositories/derived-stock-status.ts';
import { ParImportConflictError, type ParWriteContext, writeParChunk } from '@db/repositories/par-import.ts';
import type { PlannedPar } from '@engine/par-import-rows.ts';
import type { ImportParsInput } from './import-pars.ts';
import type { ImportPlan } from './par-import-plan.ts';

/** Rows per write statement. */
export const WRITE_CHUNK_ROWS = 5_000;

/**
 * Writes the plan's chunks in order inside the import's transaction, one statement under way at a time, while the
 * caller goes on reading the file. The first failure (a conflict, a lost connection) stops the chunks after it.
 */
export class ChunkWriter {
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
