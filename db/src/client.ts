export { type EmbeddedDatabase, embeddedDatabase, reopenPglite } from './embedded-database.ts';

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
  /**
   * Opens every connection of the pool now instead of on the first requests that find none free (PostgreSQL; the
   * embedded database has none to open). A server does it before it listens (decision 071).
   */
  openAllConnections?(): Promise<void>;
}

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  maxConnections?: number;
}

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when that is absent too). */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres-client.ts');
    return openPostgres(options.databaseUrl, { max: options.maxConnections });
  }
  // Loaded only here: a process on PostgreSQL never loads PGlite.
  const { openPglite } = await import('./pglite-client.ts');
  return openPglite(options.dataDir);
}
