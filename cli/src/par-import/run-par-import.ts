import type { Db } from '@db/client.ts';
import { findUserByEmail, loadParImportCatalog } from '@db/repositories/par-import.ts';
import { type CheckedParChunk, importPars, WRITE_CHUNK_ROWS } from '@db/use-cases/import-pars.ts';
import type { Actor } from '@engine/actor.ts';
import { CsvReader, type CsvRow, CsvSyntaxError } from '@engine/csv-parse.ts';
import {
  findParImportColumns,
  type ParImportCatalog,
  ParImportChecker,
  type ParImportColumns,
  type ParImportProblem,
  type ParImportTally,
} from '@engine/par-import-rows.ts';
import { ADMIN_ROLE, ROLE_NAMES, type RoleKey, resolvePermissions } from '@engine/permissions.ts';

/** Rows read, checked and compared with the stored PARs at a time (and between progress reports). */
export const CHECK_CHUNK_ROWS = 5_000;
/** Characters of a file given as one text handed to the CSV reader at a time. */
const TEXT_PIECE_CHARS = 256 * 1024;

/** Rows per write statement (and per progress report while writing). */
export { WRITE_CHUNK_ROWS };
/** Changes a dry run lists by name; the rest are counted. */
export const PREVIEW_ROWS = 50;

export interface ParImportRequest {
  /** The file: its whole text, or its pieces as they are read (the command streams the file). */
  csvText: string | AsyncIterable<string>;
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
  /** Rows read so far: the file's rows once it has been read to the end. */
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
    const figure = (n: number) => n.toLocaleString('en-US');
    super(
      `${figure(lines)} of ${figure(rows)} ${rows === 1 ? 'row has' : 'rows have'} problems; nothing was written.`,
    );
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

/**
 * Collects the garbage of the chunks just handled before the next ones. Left to itself, the engine lets a large
 * file's parsed cells, compared rows and write statements pile up (measured: 50,000 rows peaked 110–260 MB above
 * the start); a full collection every second 5,000-row chunk keeps the 50,000-row import under 300 MB on the
 * embedded database, at half the time a collection after every chunk cost (issue 17, decision 046).
 */
function chunkGarbageCollector(): () => void {
  let chunksSinceCollection = 0;
  return () => {
    chunksSinceCollection += 1;
    if (chunksSinceCollection < 2) return;
    chunksSinceCollection = 0;
    Bun.gc(false);
  };
}

/** "staff", "a café manager": the role's name as it reads after "is" in a sentence. */
function roleInSentence(role: string): string {
  const name = (ROLE_NAMES[role as RoleKey] ?? role).toLowerCase();
  // Staff is said of a person without an article ("she is staff"); the other roles name one person each.
  if (role === 'staff') return name;
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
}

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
    throw new ParImportRequestError(
      `--as: ${user.email} is ${roleInSentence(user.role)}; PAR imports are run as an admin`,
    );
  }
  return { id: user.id, role: ADMIN_ROLE, permissions: resolvePermissions(ADMIN_ROLE, {}) };
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

async function* textPieces(csvText: ParImportRequest['csvText']): AsyncGenerator<string> {
  if (typeof csvText !== 'string') {
    yield* csvText;
    return;
  }
  for (let start = 0; start < csvText.length; start += TEXT_PIECE_CHARS) {
    yield csvText.slice(start, start + TEXT_PIECE_CHARS);
  }
}

/**
 * Reads the file a piece at a time and checks its rows a chunk at a time, handing each chunk on (to be compared
 * with the stored PARs) before the next is read, so the parsed cells of only one chunk are held at once. A file
 * that is not CSV, has no usable header or no rows stops with a `ParImportRequestError`.
 */
async function* readAndCheck(
  request: ParImportRequest,
  catalog: ParImportCatalog,
  progress: ParImportProgress,
  report: () => void,
  dropChunkGarbage: () => void,
): AsyncGenerator<CheckedParChunk> {
  const reader = new CsvReader();
  let columns: ParImportColumns | null = null;
  let checker: ParImportChecker | null = null;
  let pending: CsvRow[] = [];

  const readHeader = (header: readonly string[]) => {
    try {
      columns = findParImportColumns(header, { locationFromCommandLine: Boolean(request.defaultLocation) });
    } catch (error) {
      throw new ParImportRequestError(`${request.source}: ${(error as Error).message}`);
    }
    checker = new ParImportChecker(catalog, columns, {
      defaultLocationCode: request.defaultLocation,
      delimiter: reader.delimiter ?? ',',
    });
  };
  const take = (records: CsvRow[]) => {
    if (!columns && records.length > 0) readHeader((records.shift() as CsvRow).cells);
    for (const record of records) pending.push(record);
    progress.rows += records.length;
  };
  const check = (rows: readonly CsvRow[]): CheckedParChunk => {
    const chunk = { rows: [] as CheckedParChunk['rows'][number][], problems: [] as ParImportProblem[] };
    for (const row of rows) {
      const result = (checker as ParImportChecker).check(row.line, row.cells);
      if (result.ok) chunk.rows.push(result.row);
      else chunk.problems.push(...result.problems);
    }
    progress.checked += rows.length;
    report();
    return chunk;
  };

  try {
    for await (const piece of textPieces(request.csvText)) {
      take(reader.push(piece));
      while (pending.length >= CHECK_CHUNK_ROWS) {
        const rows = pending.slice(0, CHECK_CHUNK_ROWS);
        pending = pending.slice(CHECK_CHUNK_ROWS);
        yield check(rows);
        dropChunkGarbage();
        await yieldToRenderer();
      }
    }
    take(reader.end());
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw new ParImportRequestError(`${request.source} line ${error.line}: ${error.reason}`);
    }
    throw error;
  }
  if (!columns) readHeader([]);
  if (progress.rows === 0) {
    throw new ParImportRequestError(`${request.source} has a header but no rows to import.`);
  }
  if (pending.length > 0) yield check(pending);
}

/**
 * The whole `parstock pars import` job, shared by the command and the benchmark: read and check the file a chunk
 * at a time and hand each chunk to the import use case, which compares it with the stored PARs and keeps only the
 * planned writes; then (unless a dry run, and only if no row of the whole file has a problem) it writes all creates
 * and changes with their audit entries (one per café and chunk) in one transaction. Any bad row rejects the file
 * with every problem listed; nothing is written.
 */
export async function runParImport(
  db: Db,
  request: ParImportRequest,
  onProgress: (progress: ParImportProgress) => void = () => {},
): Promise<ParImportResult> {
  const actor = await resolveActor(db, request);
  const catalog = await loadParImportCatalog(db);
  requireDefaultLocation(catalog, request.defaultLocation);

  const progress: ParImportProgress = { rows: 0, checked: 0, toWrite: null, written: 0 };
  const report = () => onProgress({ ...progress });
  report();
  const dropChunkGarbage = chunkGarbageCollector();

  const codeOf = new Map(catalog.locations.map((l) => [l.id, l.code]));
  const nameOf = new Map(catalog.products.map((p) => [p.id, p.name]));
  const outcome = await importPars(db, actor, {
    chunks: readAndCheck(request, catalog, progress, report, dropChunkGarbage),
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
      dropChunkGarbage();
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
