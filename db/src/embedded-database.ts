import type { Db } from './client.ts';
import type { PgliteSocket } from './pglite-socket.ts';

/**
 * What a server does with its embedded database beyond queries, wherever the database runs (in the server's
 * thread, or on a thread of its own: `openPgliteOnItsOwnThread`, decision 054).
 */
export interface EmbeddedDatabase {
  /** Closes and reopens the database to give back the memory its heap grew to (decision 044). */
  reopen(): Promise<void>;
  /** Collects what a busy spell left in the heap of the thread the database runs on, when that is not this one. */
  collect(): Promise<void>;
  /** Writes the whole database to `path` as a SQL backup (decision 128); answers the bytes written. */
  backup(path: string): Promise<number>;
  /** Offers the database to `parstock` commands on its socket while the server runs (decision 018). */
  serveCommands(
    dataDir: string,
    events: { onAllClosed: () => void; onConnectionsChanged?: (connected: number) => void },
  ): Promise<PgliteSocket>;
}

const embeddedOf = new WeakMap<Db, EmbeddedDatabase>();

/** The embedded database behind a Db opened on a folder; undefined for PostgreSQL or an in-memory PGlite. */
export function embeddedDatabase(db: Db): EmbeddedDatabase | undefined {
  return embeddedOf.get(db);
}

/** Registers what a Db's embedded database offers beyond queries (the thread's Db does, for its worker). */
export function registerEmbeddedDatabase(db: Db, embedded: EmbeddedDatabase): void {
  embeddedOf.set(db, embedded);
}

/**
 * Closes and reopens an embedded database in a folder, to give back the memory its WebAssembly heap grew to
 * (decision 044); does nothing for PostgreSQL or an in-memory PGlite. See `openPgliteWithHandle` for how work
 * under way is kept safe.
 */
export function reopenPglite(db: Db): Promise<void> {
  return embeddedOf.get(db)?.reopen() ?? Promise.resolve();
}
