import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, resolve } from 'node:path';

/** What a lock file says about the process holding an embedded data directory. */
export interface DataDirLockHolder {
  pid: number;
  command: string;
  /** ISO time the lock was taken. */
  since: string;
  hostname: string;
  /** Linux only: the process's start time in clock ticks after boot, to tell a reused pid from the holder. */
  startTicks: number | null;
}

/** Another live process (or this one) has the data directory open. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: DataDirLockHolder | null,
    reason?: string,
  ) {
    super(reason ?? lockedMessage(lockPath, holder));
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: DataDirLockHolder;
  /** Removes the lock file if it is still this process's; safe to call twice. */
  release(): void;
}

/** The lock sits beside the PGlite folder, not in it: PGlite owns that folder's contents. */
export function lockPathFor(dataDir: string): string {
  return `${resolve(dataDir)}.lock`;
}

function lockedMessage(lockPath: string, holder: DataDirLockHolder | null): string {
  if (!holder) {
    return `The embedded database is locked by ${lockPath}, which cannot be read. If no Parstock process uses it, delete that file.`;
  }
  const where = holder.hostname === hostname() ? '' : ` on host ${holder.hostname}`;
  return (
    `The embedded database ${dirname(lockPath)}/${basename(lockPath, '.lock')} is in use by process ` +
    `${holder.pid}${where} (${holder.command}) since ${holder.since}. ` +
    'Only one process can open it: stop that process first, or use DATABASE_URL for a PostgreSQL server.'
  );
}

function describeThisProcess(): string {
  const [, script, ...args] = process.argv;
  const words = [basename(process.argv0 || process.execPath), script ?? '', ...args].filter(Boolean);
  return words.join(' ').slice(0, 200);
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command, which may hold spaces). */
export function processStartTicks(pid: number | 'self'): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

// The file's text ends up in terminal output: no escape sequences from a hand-edited or forged lock.
const printable = (value: string) => value.replace(/\p{Cc}/gu, '?').slice(0, 200);

function parseHolder(raw: string): DataDirLockHolder | null {
  try {
    const value = JSON.parse(raw) as Partial<DataDirLockHolder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return {
      pid: value.pid,
      command: typeof value.command === 'string' ? printable(value.command) : 'unknown command',
      since: typeof value.since === 'string' ? printable(value.since) : 'an unknown time',
      hostname: typeof value.hostname === 'string' ? printable(value.hostname) : hostname(),
      startTicks: typeof value.startTicks === 'number' ? value.startTicks : null,
    };
  } catch {
    return null;
  }
}

/** undefined: the file is gone (its holder just released it). */
function readRaw(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function holderIsAlive(holder: DataDirLockHolder): boolean {
  // A pid on another machine (a shared volume) cannot be checked from here: assume it runs.
  if (holder.hostname !== hostname()) return true;
  // This process does not hold the lock (checked before), so a lock naming our pid is from an earlier life:
  // a restarted container whose processes get the same pids, or `bun --hot` re-running the server's modules.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const ticks = holder.startTicks === null ? null : processStartTicks(holder.pid);
  // Same pid, different start time: the holder died and its pid went to an unrelated process.
  return ticks === null || ticks === holder.startTicks;
}

/** Whoever holds this file may delete a stale lock; nobody else deletes a lock that is not their own. */
export function takeoverPathFor(lockPath: string): string {
  return `${lockPath}.takeover`;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/** A synchronous wait: the lock is taken before the server or a command does anything else. */
const sleepMs = (ms: number) => Atomics.wait(pause, 0, 0, ms);

/**
 * Deletes a dead holder's lock if it still reads `staleRaw`. POSIX has no "delete this file only if it is still
 * that one", so deleting is reserved to the process holding the takeover file (created by `link()`, which fails
 * when the name exists). The dead holder cannot release its lock and no other process deletes a lock it does
 * not hold, so a lock that reads `staleRaw` under the takeover file stays that lock until it is deleted here:
 * a takeover decided on a lock that has since changed hands leaves the new lock untouched.
 * `draft` is this process's lock text in a private file; it becomes the takeover file's text.
 * Exported for its test.
 */
export function takeOverStaleLock(lockPath: string, staleRaw: string, draft: string): void {
  const takeover = takeoverPathFor(lockPath);
  try {
    linkSync(draft, takeover);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const takerRaw = readRaw(takeover);
    if (takerRaw === undefined) return;
    const taker = parseHolder(takerRaw);
    if (taker && holderIsAlive(taker)) {
      // Another process is taking it over right now; look again in a moment.
      sleepMs(2);
      return;
    }
    // A taker deletes its takeover file before it goes on, so one that finished and ended between our read and
    // our look at its pid has left no file behind: look again. Only a file still there, unchanged, is a taker's
    // that stopped midway.
    if (readRaw(takeover) !== takerRaw) return;
    throw new DataDirLockedError(
      lockPath,
      taker,
      `Process ${taker?.pid ?? '(unknown)'} stopped while taking over the lock ${lockPath} from a process that had ended. ` +
        `If no Parstock process uses this directory, delete ${takeover}, then try again.`,
    );
  }
  try {
    if (readRaw(lockPath) === staleRaw) unlinkSync(lockPath);
  } finally {
    unlinkSync(takeover);
  }
}

const heldHere = new Map<string, { raw: string }>();
let releaseOnExitInstalled = false;

function releaseIfOurs(lockPath: string): void {
  const ours = heldHere.get(lockPath);
  if (!ours) return;
  heldHere.delete(lockPath);
  try {
    if (readRaw(lockPath) === ours.raw) unlinkSync(lockPath);
  } catch {
    // Leaving the file behind is safe: the next start sees its pid is gone and takes it over.
  }
}

/**
 * Takes the lock of an embedded data directory, or throws DataDirLockedError naming the live holder.
 * The lock is created atomically (written to a private file, then hard-linked into place, which fails when the
 * name exists), so of two processes starting together exactly one gets it, and a reader never sees it half
 * written. A lock whose process is gone is taken over. It is released by `release()` and, as a last resort,
 * when this process exits; a killed process leaves it behind for the next start to take over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = lockPathFor(dataDir);
  if (heldHere.has(lockPath)) {
    throw new DataDirLockedError(
      lockPath,
      null,
      `The embedded database ${resolve(dataDir)} is already open in this process (pid ${process.pid}).`,
    );
  }
  // A new data folder is private to its owner: the database files, the lock and the socket (docs/security-notes).
  mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
  const holder: DataDirLockHolder = {
    pid: process.pid,
    command: describeThisProcess(),
    since: new Date().toISOString(),
    hostname: hostname(),
    startTicks: processStartTicks('self'),
  };
  // The nonce makes each lock's text unique, so "is this still the file I saw?" is a string comparison.
  const raw = JSON.stringify({ ...holder, nonce: randomUUID() });
  const draft = `${lockPath}.${process.pid}-${randomUUID()}.tmp`;
  writeFileSync(draft, raw, { flag: 'wx', mode: 0o644 });
  try {
    // Bounded in time, not in tries: a takeover by another process makes this one wait a little.
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      try {
        linkSync(draft, lockPath);
        heldHere.set(lockPath, { raw });
        if (!releaseOnExitInstalled) {
          releaseOnExitInstalled = true;
          process.on('exit', () => {
            for (const path of [...heldHere.keys()]) releaseIfOurs(path);
          });
        }
        return { path: lockPath, holder, release: () => releaseIfOurs(lockPath) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const existingRaw = readRaw(lockPath);
      if (existingRaw === undefined) continue;
      const existing = parseHolder(existingRaw);
      if (!existing || holderIsAlive(existing)) throw new DataDirLockedError(lockPath, existing);
      takeOverStaleLock(lockPath, existingRaw, draft);
    }
    throw new DataDirLockedError(
      lockPath,
      null,
      `Could not take the lock ${lockPath}: other processes keep taking it. Try again.`,
    );
  } finally {
    unlinkSync(draft);
  }
}

/** The holder named by a data directory's lock file, or null when it is not locked. */
export function readDataDirLock(dataDir: string): DataDirLockHolder | null {
  const raw = readRaw(lockPathFor(dataDir));
  return raw === undefined ? null : parseHolder(raw);
}
