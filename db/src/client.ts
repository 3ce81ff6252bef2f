import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import postgres from 'postgres';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { translateDriverError } from './database-unavailable.ts';
import { watchPool } from './pool-watchdog.ts';

/** Parameters use PostgreSQL's `$1, $2` placeholders on both drivers. */
export type SqlParam = string | number | boolean | null | Date | readonly unknown[] | Record<string, unknown>;

/**
 * The one database interface every repository uses. Two drivers implement it: postgres.js for a
 * PostgreSQL server (DATABASE_URL) and PGlite embedded. Repositories never see which one runs.
 */
export interface Db {
  readonly driver: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs a multi-statement script without parameters (migrations). */
  exec(script: string): Promise<void>;
  /** Runs `fn` in one transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// numeric, int8 and date come back as strings by default; Parstock's quantities are small decimals and
// its business dates are calendar days, so numbers and 'YYYY-MM-DD' strings are the honest JS shapes.
const NUMERIC = 1700;
const INT8 = 20;
const DATE = 1082;
const parseNumber = (value: string) => (value === null ? null : Number(value));
const keepString = (value: string) => value;

// The PGlite instance behind an embedded Db, for the server to offer it on a socket (db/src/pglite-socket.ts).
const pgliteBehindDb = new WeakMap<Db, PGlite>();

/**
 * PostgreSQL's default of 128 MB of shared buffers is resident in PGlite's WebAssembly heap, which never
 * shrinks. The embedded database is one café's or a trial's: its working set fits in far less, and a page
 * not in the buffers is one read from the operating system's file cache away (decision 037).
 */
const EMBEDDED_SHARED_BUFFERS = '16MB';
const PGLITE_START_PARAMS: readonly string[] = (PGlite as unknown as { defaultStartParams: string[] })
  .defaultStartParams;

const reopenOf = new WeakMap<Db, () => Promise<void>>();
const REOPEN_ATTEMPTS = 3;
const REOPEN_RETRY_MS = 200;
const liveOf = new WeakMap<Db, () => Promise<PGlite>>();

/**
 * Closes and reopens an embedded database in a folder, to give back the memory its WebAssembly heap grew to
 * (seeding, a large import): that heap only ever grows. Safe while the database is in use: statements and
 * transactions already started finish on the old instance first, later ones wait for the new one (a pause
 * of a fraction of a second). Session state of the old instance (a command's prepared statements) is gone, so
 * the server reopens only when no command is connected (decision 044). Does nothing for PostgreSQL or an
 * in-memory PGlite.
 */
export function reopenPglite(db: Db): Promise<void> {
  return reopenOf.get(db)?.() ?? Promise.resolve();
}

/** The PGlite instance behind an embedded Db once any reopen under way has finished; undefined for PostgreSQL. */
export function livePglite(db: Db): Promise<PGlite | undefined> {
  return liveOf.get(db)?.() ?? Promise.resolve(undefined);
}

/** The PGlite instance behind a Db from openPglite / openDb without a URL; undefined for PostgreSQL. */
export function pgliteBehind(db: Db): PGlite | undefined {
  return pgliteBehindDb.get(db);
}

export function openPglite(dataDir?: string): Promise<Db> {
  return openPgliteWithHandle(dataDir).then(({ db }) => db);
}

/**
 * The embedded driver plus the PGlite instance behind it, for what only PGlite can do (dumping a cluster).
 * `loadDataDir` starts from such a dump: tests copy one migrated template instead of creating a cluster each.
 */
export async function openPgliteWithHandle(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<{ db: Db; pglite: PGlite }> {
  let lock: DataDirLock | undefined;
  if (dataDir) {
    // Two processes writing one PGlite folder lose each other's writes: refuse before touching its files.
    lock = acquireDataDirLock(dataDir);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }
  const create = (loadDataDir?: Blob) =>
    PGlite.create(dataDir, {
      loadDataDir,
      parsers: { [NUMERIC]: parseNumber, [INT8]: parseNumber, [DATE]: keepString },
      serializers: { [pgliteTypes.NUMERIC]: (v: unknown) => String(v) },
      startParams: [...PGLITE_START_PARAMS, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
  let pg: PGlite;
  try {
    pg = await create(options.loadDataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const close = async () => {
    while (reopening) await reopening;
    try {
      await pg.close();
    } finally {
      lock?.release();
    }
  };
  type Queryable = Pick<PGlite, 'query' | 'exec'>;
  const wrap = (
    q: Queryable,
    inTransaction: boolean,
    onLive?: <T>(work: (live: PGlite) => Promise<T>) => Promise<T>,
  ): Db => ({
    driver: 'pglite',
    async query<T>(text: string, params: readonly SqlParam[] = []) {
      const res = await q.query<T>(
        text,
        params.map((p) => p ?? null),
      );
      return res.rows;
    },
    async exec(script: string) {
      await q.exec(script);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      // PGlite has one connection; a nested call joins the open transaction.
      if (inTransaction) return fn(wrap(q, true));
      const begin = (instance: PGlite) =>
        instance.transaction((tx) => fn(wrap(tx as unknown as Queryable, true)));
      return onLive ? onLive(begin) : begin(pg);
    },
    close,
  });
  // The outermost Db follows `pg`, which a reopen replaces (reopenPglite). While one is under way, new work
  // waits for it. The check and the call happen in one tick, so no work reaches an instance after its close()
  // has begun (close() takes PGlite's mutexes, so work queued on the old instance before it still runs).
  let reopening: Promise<void> | null = null;
  const onLive = <T>(work: (live: PGlite) => Promise<T>): Promise<T> =>
    reopening ? reopening.then(() => onLive(work)) : work(pg);
  const live = () => onLive(async (instance) => instance);
  const current: Queryable = {
    query: (text, params, queryOptions) => onLive((instance) => instance.query(text, params, queryOptions)),
    exec: (script, execOptions) => onLive((instance) => instance.exec(script, execOptions)),
  };
  // The old instance is closed by then: a failed open would leave every later request failing until a restart,
  // so a passing fault (a file briefly held, memory short for a moment) is given two more tries.
  const createAgain = async (): Promise<PGlite> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await create();
      } catch (error) {
        if (attempt >= REOPEN_ATTEMPTS) throw error;
        await Bun.sleep(REOPEN_RETRY_MS * attempt);
      }
    }
  };
  const db = wrap(current, false, onLive);
  pgliteBehindDb.set(db, pg);
  liveOf.set(db, live);
  if (dataDir) {
    reopenOf.set(db, () => {
      reopening ??= (async () => {
        try {
          // The data directory's lock stays held: no other process can slip in between.
          await pg.close();
          pg = await createAgain();
          pgliteBehindDb.set(db, pg);
        } finally {
          reopening = null;
        }
      })();
      return reopening;
    });
  }
  return { db, pglite: pg };
}

export interface PostgresOptions {
  max?: number;
  /** A Unix socket to connect through instead of the URL's host (a running server's embedded database). */
  path?: string;
  /** When the pool watchdog looks and how long a query may wait first (tests shorten them). */
  watch?: { stallMs: number; everyMs: number };
}

export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  let generation = 0;
  // Each pool names its sessions, so that the watchdog can ask the database about this pool's alone.
  const applicationName = () => `parstock ${process.pid}.${generation}`;
  const createPool = () =>
    postgres(url, {
      max: options.max ?? 10,
      ...(options.path ? { path: options.path } : {}),
      connection: { application_name: applicationName() },
      onnotice: () => {},
      // After an outage, try again within 2 s (the default backs off to 20 s): the server is back sooner.
      backoff: (retries: number) => Math.min(0.1 * 2 ** retries, 2),
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      types: {
        numeric: { to: NUMERIC, from: [NUMERIC], serialize: String, parse: Number },
        bigint: { to: INT8, from: [INT8], serialize: String, parse: Number },
        date: { to: DATE, from: [DATE], serialize: String, parse: keepString },
      },
    });
  let sql = createPool();
  const retired: Promise<void>[] = [];
  // A server's embedded database behind a socket (the CLI beside a running server) has one session and no
  // network between: nothing to watch there.
  const watchdog = options.path
    ? undefined
    : watchPool({
        stallMs: options.watch?.stallMs ?? POOL_STALL_MS,
        everyMs: options.watch?.everyMs ?? POOL_CHECK_EVERY_MS,
        probeTimeoutMs: CONNECT_TIMEOUT_SECONDS * 1000,
        probe: () => busySessions(url, applicationName()),
        replace: () => {
          const stuck = sql;
          generation += 1;
          sql = createPool();
          // No session of it is busy at the database, so nothing is left to finish: its waiting queries fail
          // now as a 503, and the clients send them again to the fresh pool.
          retired.push(stuck.end({ timeout: 0 }).catch(() => {}));
          console.error(`database pool replaced: its queries waited with no session busy at the database`);
        },
      });

  type Runner = postgres.Sql | postgres.TransactionSql;
  const wrap = (runner: () => Runner, inTransaction: boolean): Db => {
    const watched = <T>(work: Promise<T>) => (watchdog && !inTransaction ? watchdog.track(work) : work);
    return {
      driver: 'postgres',
      async query<T>(text: string, params: readonly SqlParam[] = []) {
        // Named prepared statements (decision 037): each connection parses and plans a statement once, then
        // only binds. Statement texts are fixed in the repositories, so the per-connection cache stays small.
        const rows = await watched(
          runner().unsafe(text, params.map((p) => p ?? null) as postgres.ParameterOrJSON<never>[], {
            prepare: params.length > 0,
          }),
        ).catch(translateDriverError);
        // A plain array: postgres.js adds statement metadata to its result that callers must not see.
        return Array.from(rows) as unknown as T[];
      },
      async exec(script: string) {
        await watched(runner().unsafe(script)).catch(translateDriverError);
      },
      async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
        if (inTransaction) return fn(wrap(runner, true));
        // A lost connection mid-transaction rolls it back on the server; the caller sees the 503.
        const work = (runner() as postgres.Sql).begin((tx) => fn(wrap(() => tx, true)));
        return (await watched(work).catch(translateDriverError)) as T;
      },
      close: async () => {
        watchdog?.stop();
        await Promise.all([sql.end({ timeout: 5 }), ...retired]);
      },
    };
  };
  return wrap(() => sql, false);
}

const CONNECT_TIMEOUT_SECONDS = 10;
// Longer than a connection attempt may take, so that a pool reconnecting after an outage is never judged stuck.
const POOL_STALL_MS = 15_000;
const POOL_CHECK_EVERY_MS = 2_500;

/** The watchdog's probe: a connection of its own asks how many of the pool's sessions are busy. */
async function busySessions(url: string, applicationName: string): Promise<{ busy: number }> {
  const probe = postgres(url, {
    max: 1,
    fetch_types: false,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    connection: { application_name: 'parstock pool probe' },
    onnotice: () => {},
  });
  try {
    const [row] = await probe.unsafe(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
        WHERE application_name = $1 AND state IS DISTINCT FROM 'idle'`,
      [applicationName],
    );
    return { busy: Number(row?.busy ?? 0) };
  } finally {
    await probe.end({ timeout: 0 });
  }
}

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  maxConnections?: number;
}

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when that is absent too). */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { max: options.maxConnections });
  return openPglite(options.dataDir);
}
