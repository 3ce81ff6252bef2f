import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@bff/app-deps.ts';
import type { BackupConfig } from '@db/backup/backup-config.ts';
import {
  automaticBackupName,
  type BackupFile,
  backupSize,
  dailyBackups,
  pruneAutomaticBackups,
  writeBackupStatus,
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
  /** The data folder, beside which the outcome of an asked-for backup is written for the command that asked. */
  dataDir?: string;
}

/** A day between automatic backups; looked for every ten minutes, so a restart never skips one for long. */
export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;
export const BACKUP_CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * The embedded database's own backups (decision 128): a chain on one machine with no database administrator
 * still finds last night's data on a disk that failed today — if the backups are copied off it, which the
 * README asks. One a day into `BACKUP_DIR`, the newest `BACKUP_KEEP` of those kept; one more before migrations
 * change a database, and one when `parstock db backup` asks (`request`, on SIGUSR2), both kept. Skipped
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
    const newest = dailyBackups(this.config.dir).at(-1);
    return !newest || this.#now().getTime() - newest.takenAt.getTime() >= BACKUP_EVERY_MS;
  }

  /** One backup now (one at a time: a second call joins the one under way); null when it failed, logged. */
  takeNow(reason?: string, errors: string[] = []): Promise<BackupFile | null> {
    this.#running ??= this.#take(reason, errors).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /**
   * A backup `parstock db backup` asked for (SIGUSR2): taken now, and how it ended written where the command
   * waits for it, failure included, so the command answers at once rather than after its ten minutes.
   */
  async request(): Promise<BackupFile | null> {
    const askedAt = Date.now();
    const errors: string[] = [];
    const taken = await this.takeNow('requested', errors);
    if (this.options.dataDir) {
      try {
        writeBackupStatus(
          this.options.dataDir,
          taken
            ? { askedAt, ok: true, path: taken.path }
            : { askedAt, ok: false, error: errors.at(-1) ?? 'the backup failed; the server’s log says why' },
        );
      } catch (error) {
        this.logger.error('The outcome of an asked-for backup could not be written for the command:', error);
      }
    }
    return taken;
  }

  /** The scheduled round: a backup when one is due and nothing holds the database. */
  async runIfDue(): Promise<BackupFile | null> {
    const busy = this.options.busy;
    if ((busy?.commandsConnected() ?? 0) > 0 || (busy?.pendingRequests() ?? 0) > 0 || !this.isDue())
      return null;
    return this.takeNow();
  }

  async #take(reason: string | undefined, errors: string[]): Promise<BackupFile | null> {
    const takenAt = this.#now();
    const path = join(this.config.dir, automaticBackupName(takenAt, reason));
    const started = performance.now();
    const short = await this.options.memoryShortfall?.().catch(() => null);
    if (short) {
      this.logger.error(short);
      errors.push(short);
      return null;
    }
    try {
      mkdirSync(this.config.dir, { recursive: true, mode: 0o700 });
      const bytes = await this.embedded.backup(path);
      // BACKUP_KEEP counts the daily ones only: one asked for or taken before an upgrade is someone's to remove.
      const removed = this.config.keep > 0 ? pruneAutomaticBackups(this.config.dir, this.config.keep) : [];
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.logger.info(
        `Backup written: ${path} (${backupSize(bytes)} in ${seconds} s)${removed.length ? `; removed the oldest: ${removed.join(', ')}` : ''}.`,
      );
      await this.options.afterBackup?.();
      return { path, name: automaticBackupName(takenAt, reason), takenAt, bytes };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      errors.push(`The backup to ${path} failed: ${why}`);
      this.logger.error(
        `The backup to ${path} failed (${why})${reason ? '' : '; the next is tried within ten minutes'}.`,
      );
      return null;
    }
  }

  /** Checks every `everyMs`; the timer never keeps the process alive. SIGUSR2 is main.ts's to route (`request`). */
  start(everyMs = BACKUP_CHECK_EVERY_MS): () => void {
    const timer = setInterval(() => void this.runIfDue(), everyMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }
}
