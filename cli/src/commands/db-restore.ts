import { existsSync, statSync } from 'node:fs';
import { CliError } from '@cli/cli-error.ts';
import { describeConnection, withDatabase } from '@cli/database.ts';
import { backupFile, isWholeBackup, RestoreRefusedError, restoreBackup } from '@db/backup/restore-backup.ts';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { migrate } from '@db/migrate.ts';

/**
 * `parstock db restore <file>` (decision 128): a backup into an empty database — the embedded one in a new
 * DATA_DIR, or the PostgreSQL server of DATABASE_URL, which is how a chain moves off the embedded database.
 * The migrations newer than the backup run after it, so an older backup comes back in this version's shape.
 */
export async function dbRestore(connection: ConnectionConfig, file: string): Promise<void> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new CliError(`No backup file at ${file}`);
  const source = await backupFile(file);
  // Checked before a database is opened: a wrong file never leaves a new, empty one behind.
  if (!isWholeBackup(source)) {
    throw new CliError(
      `${file} is not a whole Parstock backup (made by \`parstock db backup\` or the server's own backups); nothing was restored.`,
    );
  }
  const taken = source.head.match(/^-- Parstock backup, taken (\S+)/)?.[1];
  const target = describeConnection(connection);
  process.stderr.write(`Restoring ${file}${taken ? ` (taken ${taken})` : ''} into the ${target}…\n`);
  const started = performance.now();
  await withDatabase(
    connection,
    async (db) => {
      try {
        await restoreBackup(db, source);
      } catch (error) {
        if (error instanceof RestoreRefusedError) throw new CliError(error.message);
        throw error;
      }
    },
    { create: true },
  );
  const applied = await withDatabase(connection, (db) => migrate(db));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Restored into the ${target} in ${seconds} s${applied.length ? `; then applied ${applied.join(', ')}` : ''}.\n`,
  );
}
