import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CliError } from '@cli/cli-error.ts';
import type { BackupConfig } from '@db/backup/backup-config.ts';
import {
  automaticBackupName,
  backupSize,
  readBackupStatus,
  writeBackupFile,
} from '@db/backup/backup-folder.ts';
import { dumpPglite } from '@db/backup/sql-backup.ts';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { DataDirLockedError, type DataDirLockHolder } from '@db/data-dir-lock.ts';
import { openPgliteWithHandle } from '@db/pglite-client.ts';
import { socketPathFor } from '@db/pglite-socket.ts';
import { openPostgres } from '@db/postgres-client.ts';

/** How long a command waits for the running server's backup: a large chain's takes a minute or two. */
export const SERVER_BACKUP_WAIT_MS = 10 * 60 * 1000;
const POLL_MS = 200;
/** The server and this command read one clock; a little slack for the request crossing between them. */
const CLOCK_SLACK_MS = 50;

/**
 * `parstock db backup` (decision 128): the embedded database as one SQL file, written whole or not at all.
 * With the server stopped the command dumps the folder itself; beside a running server, which holds the
 * folder, it asks the server (SIGUSR2) and waits for the file in BACKUP_DIR. On PostgreSQL, pg_dump is the
 * tool, and the message says how.
 */
export async function dbBackup(
  connection: ConnectionConfig,
  backups: BackupConfig,
  options: { out?: string },
): Promise<void> {
  if (connection.databaseUrl) {
    throw new CliError(
      'On PostgreSQL, back up with its own tool: pg_dump --no-owner --no-privileges -f parstock.sql "$DATABASE_URL" (restore with psql into an empty database). `parstock db backup` backs up the embedded database.',
    );
  }
  if (!existsSync(join(connection.dataDir, 'PG_VERSION'))) {
    throw new CliError(`No database in ${connection.dataDir}. Check DATA_DIR (the server's data folder).`);
  }
  const out = options.out ? resolve(options.out) : undefined;
  if (out && existsSync(out) && statSync(out).isDirectory()) {
    throw new CliError(`Cannot write ${options.out}: it is a folder; name a file in it`);
  }
  if (out && !existsSync(dirname(out))) {
    throw new CliError(`Cannot write ${options.out}: the folder ${dirname(out)} does not exist`);
  }
  let opened: Awaited<ReturnType<typeof openPgliteWithHandle>>;
  try {
    opened = await openPgliteWithHandle(connection.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError && error.holder?.hostname === hostname()) {
      return askRunningServer(connection.dataDir, error.holder, out);
    }
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  try {
    const started = performance.now();
    const text = await dumpPglite(opened.pglite);
    const path = out ?? join(backups.dir, automaticBackupName(new Date(), 'manual'));
    if (!out) mkdirSync(backups.dir, { recursive: true, mode: 0o700 });
    const bytes = writeBackupFile(path, text);
    process.stderr.write(
      `Backup of the ${connection.dataDir} database written (${backupSize(bytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    process.stdout.write(`${path}\n`);
  } finally {
    await opened.db.close();
  }
}

/** Whether the holder of the folder is a server that has started serving: it offers commands its socket then. */
async function serverIsServing(dataDir: string): Promise<boolean> {
  const path = socketPathFor(dataDir);
  if (!existsSync(path)) return false;
  const db = openPostgres('postgres://postgres@localhost/postgres', { max: 1, path });
  try {
    await db.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await db.close().catch(() => {});
  }
}

async function askRunningServer(
  dataDir: string,
  holder: DataDirLockHolder,
  out: string | undefined,
): Promise<void> {
  // Only a server answers SIGUSR2; to another command holding the folder the signal would be its end.
  if (!(await serverIsServing(dataDir))) {
    throw new CliError(
      `The database is held by process ${holder.pid} (${holder.command}), which is not a server ready to take a backup (another command, or a server still starting). Try again once it has finished or is listening.`,
    );
  }
  const asked = Date.now();
  try {
    process.kill(holder.pid, 'SIGUSR2');
  } catch (error) {
    throw new CliError(
      `The server holding the database (pid ${holder.pid}) could not be asked for a backup: ${(error as NodeJS.ErrnoException).code ?? String(error)}. Run the command as the server's user.`,
    );
  }
  process.stderr.write(`Asked the running server (pid ${holder.pid}) for a backup…\n`);
  const deadline = asked + SERVER_BACKUP_WAIT_MS;
  for (;;) {
    const status = readBackupStatus(dataDir);
    // The server stamps the request when it gets the signal, after it was sent.
    if (status && status.askedAt >= asked - CLOCK_SLACK_MS) {
      if (!status.ok) throw new CliError(`The server could not take the backup: ${status.error}`);
      const bytes = statSync(status.path).size;
      if (out) {
        writeBackupFile(out, await Bun.file(status.path).text());
        // Made for this request: the copy asked for is the backup; the server's folder keeps none twice.
        rmSync(status.path, { force: true });
      }
      process.stderr.write(`Backup written by the server (${backupSize(bytes)})\n`);
      process.stdout.write(`${out ?? status.path}\n`);
      return;
    }
    if (Date.now() > deadline) {
      throw new CliError(
        `The server (pid ${holder.pid}) did not say how the backup went within ${SERVER_BACKUP_WAIT_MS / 60000} minutes. Check its log.`,
      );
    }
    await Bun.sleep(POLL_MS);
  }
}
