import type { Logger } from '@bff/app-deps.ts';
import type { Db } from '@db/client.ts';
import { vacuumWhereDue } from '@db/embedded-vacuum.ts';
import { deleteOldLoginAttempts } from '@db/repositories/login-attempts.ts';
import { deleteDeadSessions } from '@db/repositories/sessions.ts';
import { deleteStaleThrottles } from '@db/repositories/sign-in-throttles.ts';
import { SIGN_IN_LIMITS } from '@engine/sign-in-limits.ts';

/** Once an hour: rows it removes are a day old or more, and a table's dead rows pile up over hours, not minutes. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** What no rule reads any more: sessions past their limits, a day's sign-in log, sign-in counters gone cold. */
export async function deleteExpiredRows(db: Db, sessionIdleSeconds: number): Promise<void> {
  await deleteDeadSessions(db, sessionIdleSeconds);
  await deleteOldLoginAttempts(db, 24 * 3600);
  await deleteStaleThrottles(db, SIGN_IN_LIMITS.account.knownAddressSeconds);
}

/**
 * The database's upkeep while the server runs: it had been done only at start, so a server up for months kept
 * every session and sign-in row of those months, and the embedded database, which has no autovacuum, never
 * reclaimed a row version or refreshed its statistics (`vacuumWhereDue`). Every instance on one PostgreSQL runs it;
 * the deletes are the same rows whoever runs them first. Skipped while a command holds the embedded database
 * through the server's socket, whose open transaction a VACUUM could not run beside; a failure is logged and tried
 * again at the next hour.
 */
export class DatabaseHousekeeping {
  #running = false;

  constructor(
    private readonly db: Db,
    private readonly sessionIdleSeconds: number,
    private readonly logger: Logger,
    /** Commands connected through the server's socket to the embedded database. */
    private readonly commandsConnected: () => number = () => 0,
  ) {}

  /** One round; false when it was skipped (one already under way, or a command connected). */
  async runOnce(): Promise<boolean> {
    if (this.#running || this.commandsConnected() > 0) return false;
    this.#running = true;
    try {
      await deleteExpiredRows(this.db, this.sessionIdleSeconds);
      const done = await vacuumWhereDue(this.db);
      if (done.length > 0) this.logger.info(`Embedded database upkeep: ${done.join('; ')}.`);
      return true;
    } catch (error) {
      this.logger.error('Database upkeep failed; it is tried again within the hour:', error);
      return false;
    } finally {
      this.#running = false;
    }
  }

  /** Runs every `everyMs`; the timer never keeps the process alive. */
  start(everyMs = HOUSEKEEPING_INTERVAL_MS): () => void {
    const timer = setInterval(() => void this.runOnce(), everyMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }
}
