import { type Db, openDb } from '@db/client.ts';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { DataDirLockedError } from '@db/data-dir-lock.ts';
import { loadMigrations } from '@db/migrate.ts';
import { CliError } from './cli-error.ts';

/** Where the database is, for output: never prints a password from DATABASE_URL. */
export function describeConnection(config: ConnectionConfig): string {
  if (!config.databaseUrl) return `embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/** Opens the database for one command and always closes it, so the process can exit. */
export async function withDatabase<T>(config: ConnectionConfig, work: (db: Db) => Promise<T>): Promise<T> {
  let db: Db | undefined;
  try {
    db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 2 });
    // postgres.js connects on the first query: probe now, so an unreachable server is named as such.
    await db.query('SELECT 1');
  } catch (error) {
    await db?.close().catch(() => {});
    // A running server has the embedded database: its message names the server; nothing more to add.
    if (error instanceof DataDirLockedError) throw new CliError(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`Cannot open the ${describeConnection(config)}: ${reason}`);
  }
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Commands that read or write data need the schema; say how to get it instead of failing on a missing table. */
export async function requireMigrated(db: Db): Promise<void> {
  const [table] = await db.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
  );
  const applied = table?.exists
    ? new Set(
        (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
      )
    : new Set<string>();
  const pending = loadMigrations().filter((m) => !applied.has(m.version));
  if (pending.length > 0) {
    throw new CliError(
      `The database is missing ${pending.length} migration(s); run \`parstock db migrate\` first.`,
    );
  }
}
