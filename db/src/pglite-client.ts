import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { writeBackupFile } from './backup/backup-folder.ts';
import { dumpPglite } from './backup/sql-backup.ts';
import type { Db, SqlParam } from './client.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { registerEmbeddedDatabase } from './embedded-database.ts';
import { servePgliteSocket } from './pglite-socket.ts';
import { DATE, INT8, keepString, NUMERIC, parseNumber } from './value-types.ts';

/*
 * The embedded driver (PGlite), apart from the PostgreSQL one so that a process or thread that uses one does
 * not load the other: the server's thread holds postgres.js only, the embedded database's thread PGlite only
 * (decision 054).
 */

// The PGlite instance behind an embedded Db, for the server to offer it on a socket (db/src/pglite-socket.ts).
const pgliteBehindDb = new WeakMap<Db, PGlite>();

/**
 * PostgreSQL's default of 128 MB of shared buffers is resident in PGlite's WebAssembly heap, which never
 * shrinks. The embedded database is one café's or a trial's: its working set fits in far less, and a page
 * not in the buffers is one read from the operating system's file cache away (decision 037). 8 MB since the
 * database has a thread of its own, whose heap costs about as much (decision 054): the inventory read of a
 * 20,000-product café took 159–165 ms with 8 MB against 168–169 ms with 16.
 */
const EMBEDDED_SHARED_BUFFERS = '8MB';
const PGLITE_START_PARAMS: readonly string[] = (PGlite as unknown as { defaultStartParams: string[] })
  .defaultStartParams;

const reopenOf = new WeakMap<Db, () => Promise<void>>();
const REOPEN_ATTEMPTS = 3;
const REOPEN_RETRY_MS = 200;
const liveOf = new WeakMap<Db, () => Promise<PGlite>>();

/** The PGlite instance behind an embedded Db once any reopen under way has finished; undefined for PostgreSQL. */
export function livePglite(db: Db): Promise<PGlite | undefined> {
  return liveOf.get(db)?.() ?? Promise.resolve(undefined);
}

/** The PGlite instance behind a Db from openPglite / openDb without a URL; undefined for PostgreSQL. */
export function pgliteBehind(db: Db): PGlite | undefined {
  return pgliteBehindDb.get(db);
}

export function openPglite(dataDir?: string, options: { lockHeldByCaller?: boolean } = {}): Promise<Db> {
  return openPgliteWithHandle(dataDir, options).then(({ db }) => db);
}

/**
 * The embedded driver plus the PGlite instance behind it, for what only PGlite can do (dumping a cluster).
 * `loadDataDir` starts from such a dump: tests copy one migrated template instead of creating a cluster each.
 */
export async function openPgliteWithHandle(
  dataDir?: string,
  options: {
    loadDataDir?: Blob;
    /** The folder's lock is held by the caller (the server's thread, for the database's own thread). */
    lockHeldByCaller?: boolean;
  } = {},
): Promise<{ db: Db; pglite: PGlite }> {
  let lock: DataDirLock | undefined;
  if (dataDir && options.lockHeldByCaller) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  else if (dataDir) {
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
    registerEmbeddedDatabase(db, {
      reopen: () => reopenOf.get(db)?.() ?? Promise.resolve(),
      // The caller's own collection covers this thread.
      collect: async () => {},
      serveCommands: (socketDataDir, events) => servePgliteSocket(live, socketDataDir, events),
      backup: (path) => onLive(async (instance) => writeBackupFile(path, await dumpPglite(instance))),
    });
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
