import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@bff/app-deps.ts';
import type { BackupConfig } from '@db/backup/backup-config.ts';
import {
  automaticBackupName,
  automaticBackups,
  type BackupFile,
  pruneAutomaticBackups,
} from '@db/backup/backup-folder.ts';
import type { EmbeddedDatabase } from '@db/embedded-database.ts';

export interface BackupOptions {
  /** What holds the database now: a backup waits while either is under way. */
  busy?: { commandsConnected: () => number; pendingRequests: () => number };
  now?: () => Date;
  /** Why there is not memory enough for a backup now, or null (`backup-memory.ts`). */
  memoryShortfall?: () => Promise<string | null>;
  /** After a backup: the server gives back what it grew the embedded database's heap to (decision 044). */
  afterBackup?: () => Promise<void>;
}

/** A day between automatic backups; looked for every ten minutes, so a restart never skips one for long. */
export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;
export const BACKUP_CHECK_EVERY_MS = 10 * 60 * 1000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The embedded database's own backups (decision 128): a chain on one machine with no database administrator
 * still finds last night's data on a disk that failed today — if the backups are copied off it, which the
 * README asks. One a day into `BACKUP_DIR`, the newest `BACKUP_KEEP` kept; one more before migrations change
 * a database, and one whenever the process gets SIGUSR2 (`parstock db backup` beside a running server). Skipped
 * while a command holds the database through the server's socket, and put off while requests are under way.
 */
export class DatabaseBackups {
  #running: Promise<BackupFile | null> | null = null;

  constructor(
    private readonly embedded: EmbeddedDatabase,
    private readonly config: BackupConfig,
    private readonly logger: Logger,
    private readonly options: BackupOptions = {},
  ) {}

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** No automatic backup in the folder, or the newest is a day old. */
  isDue(): boolean {
    if (this.config.keep === 0) return false;
    const newest = automaticBackups(this.config.dir).at(-1);
    return !newest || this.#now().getTime() - newest.takenAt.getTime() >= BACKUP_EVERY_MS;
  }

  /** One backup now (one at a time: a second call joins the one under way); null when it failed, logged. */
  takeNow(reason?: string): Promise<BackupFile | null> {
    this.#running ??= this.#take(reason).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** The scheduled round: a backup when one is due and nothing holds the database. */
  async runIfDue(): Promise<BackupFile | null> {
    const busy = this.options.busy;
    if ((busy?.commandsConnected() ?? 0) > 0 || (busy?.pendingRequests() ?? 0) > 0 || !this.isDue())
      return null;
    return this.takeNow();
  }

  async #take(reason?: string): Promise<BackupFile | null> {
    const takenAt = this.#now();
    const path = join(this.config.dir, automaticBackupName(takenAt, reason));
    const started = performance.now();
    const short = await this.options.memoryShortfall?.().catch(() => null);
    if (short) {
      this.logger.error(short);
      return null;
    }
    try {
      mkdirSync(this.config.dir, { recursive: true, mode: 0o700 });
      const bytes = await this.embedded.backup(path);
      // Kept: the newest BACKUP_KEEP, or at least this one when automatic backups are off (a requested one).
      const removed = pruneAutomaticBackups(this.config.dir, Math.max(1, this.config.keep));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.logger.info(
        `Backup written: ${path} (${megabytes(bytes)} in ${seconds} s)${removed.length ? `; removed the oldest: ${removed.join(', ')}` : ''}.`,
      );
      await this.options.afterBackup?.();
      return { path, name: automaticBackupName(takenAt, reason), takenAt, bytes };
    } catch (error) {
      this.logger.error(`The backup to ${path} failed; the next is tried within ten minutes:`, error);
      return null;
    }
  }

  /** Checks every `everyMs` and answers SIGUSR2; neither keeps the process alive. */
  start(everyMs = BACKUP_CHECK_EVERY_MS): () => void {
    const timer = setInterval(() => void this.runIfDue(), everyMs);
    timer.unref?.();
    const onSignal = () => void this.takeNow('requested');
    process.on('SIGUSR2', onSignal);
    return () => {
      clearInterval(timer);
      process.off('SIGUSR2', onSignal);
    };
  }
}
