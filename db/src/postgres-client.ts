import postgres from 'postgres';
import type { Db, SqlParam } from './client.ts';
import { translateDriverError } from './database-unavailable.ts';
import { watchPool } from './pool-watchdog.ts';
import { DATE, INT8, keepString, NUMERIC } from './value-types.ts';

/*
 * The PostgreSQL driver (postgres.js), apart from the embedded one so that a process or thread that uses one
 * does not load the other (decision 054).
 */

export interface PostgresOptions {
  max?: number;
  /** A Unix socket to connect through instead of the URL's host (a running server's embedded database). */
  path?: string;
  /** When the pool watchdog looks and how long a query may wait first (tests shorten them). */
  watch?: { stallMs: number; everyMs: number };
}

export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const maxConnections = options.max ?? 10;
  let generation = 0;
  // Each pool names its sessions, so that the watchdog can ask the database about this pool's alone.
  const applicationName = () => `parstock ${process.pid}.${generation}`;
  const createPool = () =>
    postgres(url, {
      max: maxConnections,
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
  const pool = wrap(() => sql, false);
  return {
    ...pool,
    // As many statements at once as the pool has connections: the driver gives each a connection of its own.
    openAllConnections: async () => {
      await Promise.all(Array.from({ length: maxConnections }, () => pool.query('SELECT 1')));
    },
  };
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
