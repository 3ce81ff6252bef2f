import { chmodSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The backups Parstock writes: `parstock-20261207-031500.sql`, the UTC time taken, so names sort by age; a
 * suffix says why one was taken outside the daily round (`-manual`, `-requested`, `-before-0043`).
 */
const AUTOMATIC_NAME = /^parstock-\d{8}-\d{6}(?:-[a-z0-9-]+)?\.sql$/;
/** The daily round's own: the only ones BACKUP_KEEP counts and removes. */
const DAILY_NAME = /^parstock-\d{8}-\d{6}\.sql$/;

/** A backup's size as the log and the command say it: "16.6 MB". */
export const backupSize = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface BackupFile {
  path: string;
  name: string;
  takenAt: Date;
  bytes: number;
}

/** A new automatic backup's name; `reason` (e.g. `before-0043`) says why one was taken outside the schedule. */
export function automaticBackupName(at: Date, reason?: string): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `parstock-${stamp}${reason ? `-${reason}` : ''}.sql`;
}

/**
 * Writes a backup whole or not at all: to a `.partial` file first, renamed once written, so a crash or a full
 * disk never leaves a half file under a backup's name. Readable by its owner only: it holds password hashes.
 */
export function writeBackupFile(path: string, text: string): number {
  const partial = `${path}.partial`;
  try {
    writeFileSync(partial, text, { mode: 0o600 });
    chmodSync(partial, 0o600);
    renameSync(partial, path);
  } catch (error) {
    try {
      rmSync(partial, { force: true });
    } catch {
      // A folder that took no file (read-only, gone) takes no removal either: the write's error is the one to tell.
    }
    throw error;
  }
  return Buffer.byteLength(text);
}

/** The daily backups in a folder, oldest first. */
export function dailyBackups(dir: string): BackupFile[] {
  return automaticBackups(dir).filter((file) => DAILY_NAME.test(file.name));
}

/** The backups Parstock wrote in a folder, oldest first; none when the folder does not exist yet. */
export function automaticBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => AUTOMATIC_NAME.test(name))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      const stat = statSync(path);
      return { path, name, takenAt: stat.mtime, bytes: stat.size };
    });
}

/**
 * Removes all but the newest `keep` daily backups, and what a process stopped mid-write left (`.partial`). One
 * taken by hand, asked for or taken before an upgrade stays, as do files of other names: someone counts on them.
 */
export function pruneAutomaticBackups(dir: string, keep: number): string[] {
  const all = dailyBackups(dir);
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const file of removed) rmSync(file.path, { force: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.sql.partial') && AUTOMATIC_NAME.test(name.slice(0, -'.partial'.length))) {
      rmSync(join(dir, name), { force: true });
    }
  }
  return removed.map((file) => file.name);
}

/**
 * Where a server says how the backup a command asked for ended, beside the data folder's lock (a `BACKUP_DIR` that
 * takes no file could not hold it): the command waits for this, not for a file that may never come.
 */
export function backupStatusPathFor(dataDir: string): string {
  return `${resolve(dataDir)}.backup-status.json`;
}

/** How the last asked-for backup ended: `askedAt` is when the server got the request (ms since the epoch). */
export type BackupStatus = { askedAt: number } & ({ ok: true; path: string } | { ok: false; error: string });

export function writeBackupStatus(dataDir: string, status: BackupStatus): void {
  writeFileSync(backupStatusPathFor(dataDir), JSON.stringify(status), { mode: 0o600 });
}

export function readBackupStatus(dataDir: string): BackupStatus | null {
  try {
    const value = JSON.parse(readFileSync(backupStatusPathFor(dataDir), 'utf8')) as BackupStatus;
    return typeof value.askedAt === 'number' ? value : null;
  } catch {
    return null;
  }
}
