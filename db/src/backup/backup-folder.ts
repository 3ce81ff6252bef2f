import { chmodSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The server's own backups: `parstock-20261207-031500.sql`, the UTC time taken, so names sort by age. */
const AUTOMATIC_NAME = /^parstock-\d{8}-\d{6}(?:-[a-z0-9-]+)?\.sql$/;

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
    rmSync(partial, { force: true });
    throw error;
  }
  return Buffer.byteLength(text);
}

/** The server's backups in a folder, oldest first; none when the folder does not exist yet. */
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
 * Removes all but the newest `keep` automatic backups, and what a process stopped mid-write left (`.partial`);
 * files of other names are the operator's and stay.
 */
export function pruneAutomaticBackups(dir: string, keep: number): string[] {
  const all = automaticBackups(dir);
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const file of removed) rmSync(file.path, { force: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.sql.partial') && AUTOMATIC_NAME.test(name.slice(0, -'.partial'.length))) {
      rmSync(join(dir, name), { force: true });
    }
  }
  return removed.map((file) => file.name);
}
