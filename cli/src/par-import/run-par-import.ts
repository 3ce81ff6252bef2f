import type { Db } from '@db/client.ts';
import { findUserByEmail, loadParImportCatalog } from '@db/repositories/par-import.ts';
import { importPars, WRITE_CHUNK_ROWS } from '@db/use-cases/import-pars.ts';
import type { Actor } from '@engine/actor.ts';
import { type CsvRow, CsvSyntaxError, parseCsv } from '@engine/csv-parse.ts';
import {
  findParImportColumns,
  type ParImportCatalog,
  ParImportChecker,
  type ParImportColumns,
  type ParImportProblem,
  type ParImportTally,
  type ResolvedParRow,
} from '@engine/par-import-rows.ts';
import { ADMIN_ROLE, resolvePermissions } from '@engine/permissions.ts';

/** Rows checked between progress reports. */
export const CHECK_CHUNK_ROWS = 5_000;
/** Rows per write statement (and per progress report while writing). */
export { WRITE_CHUNK_ROWS };
/** Changes a dry run lists by name; the rest are counted. */
export const PREVIEW_ROWS = 50;

export interface ParImportRequest {
  csvText: string;
  /** The file's name: shown in messages and kept in the audit log as where the PARs came from. */
  source: string;
  /** Café for rows without a location_code (`--location`). */
  defaultLocation?: string;
  dryRun: boolean;
  overrideLocks: boolean;
  /** The admin responsible (`--as`), recorded as the actor; required to override locks. */
  actorEmail?: string;
}

export interface ParImportProgress {
  rows: number;
  checked: number;
  /** Rows that create or change a PAR; known once every row is checked. */
  toWrite: number | null;
  written: number;
}

export interface ParChangePreview {
  line: number;
  locationCode: string;
  product: string;
  before: number | null;
  after: number;
  overridesLock: boolean;
}

export interface ParImportResult {
  source: string;
  dryRun: boolean;
  tally: ParImportTally;
  /** The first PREVIEW_ROWS creates and changes, in file order. */
  preview: ParChangePreview[];
}

/** The file has bad rows: each one is listed and nothing was written. */
export class ParImportRejectedError extends Error {
  constructor(
    readonly problems: readonly ParImportProblem[],
    readonly rows: number,
  ) {
    const lines = new Set(problems.map((p) => p.line)).size;
    super(`${lines} of ${rows} ${rows === 1 ? 'row has' : 'rows have'} problems; nothing was written.`);
    this.name = 'ParImportRejectedError';
  }
}

/** Anything else that stops the import before a row is checked (header, --as, --location, an empty file). */
export class ParImportRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParImportRequestError';
  }
}

const yieldToRenderer = () => new Promise<void>((resolve) => setImmediate(resolve));

async function resolveActor(db: Db, request: ParImportRequest): Promise<Actor | null> {
  if (!request.actorEmail) {
    if (request.overrideLocks) {
      throw new ParImportRequestError(
        '--override-locks needs --as ADMIN_EMAIL: the admin who takes responsibility for changing locked PARs.',
      );
    }
    return null;
  }
  const user = await findUserByEmail(db, request.actorEmail);
  if (!user) throw new ParImportRequestError(`--as: no user has the email ${request.actorEmail.trim()}`);
  if (!user.active) throw new ParImportRequestError(`--as: ${user.email} is deactivated`);
  // The import can change PARs of every café, so only someone who may do that in the app may be named.
  if (user.role !== ADMIN_ROLE) {
    throw new ParImportRequestError(`--as: ${user.email} is a ${user.role}; PAR imports are run as an admin`);
  }
  return { id: user.id, role: ADMIN_ROLE, permissions: resolvePermissions(ADMIN_ROLE, {}) };
}

function readRows(request: ParImportRequest): { columns: ParImportColumns; rows: CsvRow[] } {
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(request.csvText);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw new ParImportRequestError(`${request.source} line ${error.line}: ${error.reason}`);
    }
    throw error;
  }
  let columns: ParImportColumns;
  try {
    columns = findParImportColumns(parsed.header, {
      locationFromCommandLine: Boolean(request.defaultLocation),
    });
  } catch (error) {
    throw new ParImportRequestError(`${request.source}: ${(error as Error).message}`);
  }
  if (parsed.rows.length === 0) {
    throw new ParImportRequestError(`${request.source} has a header but no rows to import.`);
  }
  return { columns, rows: parsed.rows };
}

// A wrong --location would otherwise be reported once per row: say it once.
function requireDefaultLocation(catalog: ParImportCatalog, code: string | undefined): void {
  if (!code) return;
  const location = catalog.locations.find((l) => l.code.toLowerCase() === code.trim().toLowerCase());
  if (!location) {
    const valid = catalog.locations.map((l) => l.code).join(', ') || 'none';
    throw new ParImportRequestError(`Unknown location code '${code}'. Valid codes: ${valid}`);
  }
  if (!location.active) throw new ParImportRequestError(`--location: ${location.code} is deactivated`);
}

/** Checks rows a chunk at a time, yielding between chunks so the progress bar can move. */
async function checkRows(
  rows: readonly CsvRow[],
  checker: ParImportChecker,
  onChecked: (checked: number) => void,
): Promise<{ resolved: ResolvedParRow[]; problems: ParImportProblem[] }> {
  const problems: ParImportProblem[] = [];
  const resolved: ResolvedParRow[] = [];
  for (let start = 0; start < rows.length; start += CHECK_CHUNK_ROWS) {
    const end = Math.min(rows.length, start + CHECK_CHUNK_ROWS);
    for (let i = start; i < end; i++) {
      const row = rows[i] as CsvRow;
      const result = checker.check(row.line, row.cells);
      if (result.ok) resolved.push(result.row);
      else problems.push(...result.problems);
    }
    onChecked(end);
    await yieldToRenderer();
  }
  return { resolved, problems };
}

/**
 * The whole `parstock pars import` job, shared by the command and the benchmark: parse and check every row,
 * then hand them to the import use case, which compares with the stored PARs and (unless a dry run) writes
 * all creates and changes with their audit rows in one transaction. Any bad row rejects the file with every
 * problem listed; nothing is written.
 */
export async function runParImport(
  db: Db,
  request: ParImportRequest,
  onProgress: (progress: ParImportProgress) => void = () => {},
): Promise<ParImportResult> {
  const file = readRows(request);
  const actor = await resolveActor(db, request);
  const catalog = await loadParImportCatalog(db);
  requireDefaultLocation(catalog, request.defaultLocation);

  const progress: ParImportProgress = { rows: file.rows.length, checked: 0, toWrite: null, written: 0 };
  const report = () => onProgress({ ...progress });
  report();
  const checker = new ParImportChecker(catalog, file.columns, {
    defaultLocationCode: request.defaultLocation,
  });
  const { resolved, problems } = await checkRows(file.rows, checker, (checked) => {
    progress.checked = checked;
    report();
  });
  // The parsed cells are not needed any more; let them go before the write phase.
  file.rows = [];

  const codeOf = new Map(catalog.locations.map((l) => [l.id, l.code]));
  const nameOf = new Map(catalog.products.map((p) => [p.id, p.name]));
  const outcome = await importPars(db, actor, {
    rows: resolved,
    rowProblems: problems,
    source: request.source,
    dryRun: request.dryRun,
    overrideLocks: request.overrideLocks,
    describe: (row) => `'${nameOf.get(row.productId)}' at ${codeOf.get(row.locationId)}`,
    onPlanned: (writes) => {
      progress.toWrite = writes.length;
      report();
    },
    onWritten: (written) => {
      progress.written = written;
      report();
    },
  });
  if (!outcome.ok) throw new ParImportRejectedError(outcome.problems, progress.rows);

  const preview = outcome.writes.slice(0, PREVIEW_ROWS).map((w) => ({
    line: w.line,
    locationCode: codeOf.get(w.locationId) ?? String(w.locationId),
    product: nameOf.get(w.productId) ?? String(w.productId),
    before: w.before,
    after: w.par,
    overridesLock: w.overridesLock,
  }));
  return { source: request.source, dryRun: request.dryRun, tally: outcome.tally, preview };
}
