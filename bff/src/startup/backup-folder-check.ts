import { accessSync, constants, mkdirSync } from 'node:fs';
import type { BackupConfig } from '@db/backup/backup-config.ts';

/**
 * Why the daily backups could not be written, said at start rather than at the first one, a day later; null when
 * the folder takes files (or backups are off). The server serves on: the cafés' counting matters more.
 */
export function backupFolderProblem(config: BackupConfig): string | null {
  if (config.keep === 0) return null;
  try {
    mkdirSync(config.dir, { recursive: true, mode: 0o700 });
    accessSync(config.dir, constants.W_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return `Backups cannot be written to BACKUP_DIR ${config.dir} (${code}): the daily backup will fail until it can. Point BACKUP_DIR at a folder this user may write, or set BACKUP_KEEP=0.`;
  }
}
