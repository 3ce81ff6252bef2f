import type { Db } from '@db/client.ts';
import { loadStoredPars, type StoredPars } from '@db/repositories/par-import.ts';
import type { Actor } from '@engine/actor.ts';
import {
  addToTally,
  emptyTally,
  type ParImportProblem,
  type PlannedPar,
  planParRow,
  sortProblems,
} from '@engine/par-import-rows.ts';
import type { CheckedParChunk, ImportParsInput, ImportParsOutcome } from './import-pars.ts';

/** The rows compared so far: the stored PARs read for them, their problems, the tally and the planned writes. */
export class ImportPlan {
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
