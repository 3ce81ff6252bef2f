import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '@db/client.ts';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { DataDirLockedError, lockPathFor } from '@db/data-dir-lock.ts';
import { databaseCause } from '@db/database-unavailable.ts';
import { confirmDatabaseAnswers } from '@db/first-answer.ts';
import { pendingMigrations } from '@db/migrate.ts';
import { socketPathFor } from '@db/pglite-socket.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { CliError } from './cli-error.ts';

/** Where the database is, for output: never prints a password from DATABASE_URL. */
export function describeConnection(config: ConnectionConfig): string {
  if (!config.databaseUrl) return `embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/**
 * A server on this host holding the embedded database offers it on a Unix socket (decision 018): the command
 * runs through it instead of opening the files. undefined when the holder offers none (another command, a
 * server still starting, another host).
 */
async function openThroughRunningServer(
  config: ConnectionConfig,
  locked: DataDirLockedError,
): Promise<Db | undefined> {
  const holder = locked.holder;
  const path = socketPathFor(config.dataDir);
  if (!holder || holder.hostname !== hostname() || !existsSync(path)) return undefined;
  // One connection: PGlite runs one statement at a time anyway, and a command's transaction must be one turn.
  const db = openPostgres('postgres://postgres@localhost/postgres', { max: 1, path });
  try {
    await db.query('SELECT 1');
  } catch {
    await db.close().catch(() => {});
    return undefined;
  }
  process.stderr.write(`Using the running server's database (pid ${holder.pid}) through ${path}\n`);
  return db;
}

/**
 * Opens the database for one command and always closes it, so the process can exit. Only `db migrate` makes an
 * embedded database where there is none (`create`): any other command pointed at an empty folder, a mistyped
 * DATA_DIR most likely, says so and leaves the folder as it was.
 */
export async function withDatabase<T>(
  config: ConnectionConfig,
  work: (db: Db) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  // A folder held by another process (a server making its database on a first start) is that process's to name.
  const held = existsSync(lockPathFor(config.dataDir));
  if (!config.databaseUrl && !options.create && !held && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
    throw new CliError(
      `No database in ${config.dataDir}. Check DATA_DIR (the server's data folder), or make a new database there with \`parstock db migrate\`.`,
    );
  }
  let db: Db | undefined;
  try {
    try {
      db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 2 });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      db = await openThroughRunningServer(config, error);
      if (!db) throw error;
    }
    // postgres.js connects on the first query: probe now, so an unreachable server is named as such.
    await confirmDatabaseAnswers(db);
  } catch (error) {
    await db?.close().catch(() => {});
    // Another process has the embedded database and offers no socket: its message names it; nothing to add.
    if (error instanceof DataDirLockedError) throw new CliError(error.message);
    const reason = databaseCause(error) ?? (error instanceof Error ? error.message : String(error));
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
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    throw new CliError(
      `The database is missing ${pending.length} migration(s); run \`parstock db migrate\` first.`,
    );
  }
}
