import { existsSync, mkdirSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { CliError } from '@cli/cli-error.ts';
import type { BackupConfig } from '@db/backup/backup-config.ts';
import { automaticBackupName, automaticBackups, writeBackupFile } from '@db/backup/backup-folder.ts';
import { dumpPglite } from '@db/backup/sql-backup.ts';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { DataDirLockedError, type DataDirLockHolder } from '@db/data-dir-lock.ts';
import { openPgliteWithHandle } from '@db/pglite-client.ts';

/** How long a command waits for the running server's backup: a large chain's takes a minute or two. */
export const SERVER_BACKUP_WAIT_MS = 10 * 60 * 1000;
const POLL_MS = 200;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

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
  let opened: Awaited<ReturnType<typeof openPgliteWithHandle>>;
  try {
    opened = await openPgliteWithHandle(connection.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError && error.holder?.hostname === hostname()) {
      return askRunningServer(error.holder, backups, out);
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
      `Backup of the ${connection.dataDir} database written (${megabytes(bytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    process.stdout.write(`${path}\n`);
  } finally {
    await opened.db.close();
  }
}

async function askRunningServer(
  holder: DataDirLockHolder,
  backups: BackupConfig,
  out: string | undefined,
): Promise<void> {
  const before = automaticBackups(backups.dir).at(-1)?.name ?? '';
  try {
    process.kill(holder.pid, 'SIGUSR2');
  } catch (error) {
    throw new CliError(
      `The server holding the database (pid ${holder.pid}) could not be asked for a backup: ${(error as NodeJS.ErrnoException).code ?? String(error)}. Run the command as the server's user.`,
    );
  }
  process.stderr.write(`Asked the running server (pid ${holder.pid}) for a backup into ${backups.dir}…\n`);
  const deadline = Date.now() + SERVER_BACKUP_WAIT_MS;
  for (;;) {
    const newest = automaticBackups(backups.dir).at(-1);
    if (newest && newest.name > before) {
      if (out) writeBackupFile(out, await Bun.file(newest.path).text());
      process.stderr.write(`Backup written by the server (${megabytes(newest.bytes)})\n`);
      process.stdout.write(`${out ?? newest.path}\n`);
      return;
    }
    if (Date.now() > deadline) {
      throw new CliError(
        `No backup appeared in ${backups.dir} within ${SERVER_BACKUP_WAIT_MS / 60000} minutes. Check the server's log, and that BACKUP_DIR here is the server's.`,
      );
    }
    await Bun.sleep(POLL_MS);
  }
}
