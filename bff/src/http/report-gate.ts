import { AppError } from '@engine/errors/app-error.ts';

/**
 * How many slow answers (the Navigator reports, declared `slowAnswer`) one server instance works on at once.
 *
 * A year-long report holds the database for about a second, and the embedded database (PGlite) has one
 * connection for everything: a hundred reports fired together once held it for half a minute, so sign-in,
 * counts and even the health check of every other user went unanswered. Two at once keep the reports moving
 * while leaving the connection free between their queries for everyone else's short requests.
 */
export const REPORTS_RUNNING_AT_ONCE = 2;

/**
 * How many reports may wait for one of those places. Eight waiting behind two running is a few seconds'
 * wait at most; a longer line would only hold requests the person has given up on, so beyond it a report is
 * refused at once and the screen retries after `Retry-After`.
 */
export const REPORTS_WAITING_AT_MOST = 8;

/**
 * How many reports one user may have running or waiting. One person opening a few screens needs a couple;
 * a hundred from one person (a script, a stuck button) must not take the whole line from the others.
 */
export const REPORTS_PER_USER_AT_ONCE = 2;

/** The wait, in seconds, a refused report is told to leave before asking again: about what the line takes to move. */
export const REPORTS_RETRY_AFTER_SECONDS = 5;

/** Said when the server already holds as many reports as it takes. */
export const REPORTS_BUSY_MESSAGE = 'Many reports are being prepared right now. Try again in a moment.';

/** Said when this user already has as many reports on the way as one person may. */
export const REPORTS_PER_USER_MESSAGE =
  'Your earlier reports are still being prepared. Try again in a moment, when they are ready.';

export interface ReportGateLimits {
  running: number;
  waiting: number;
  perUser: number;
  retryAfterSeconds: number;
}

export const REPORT_GATE_LIMITS: ReportGateLimits = {
  running: REPORTS_RUNNING_AT_ONCE,
  waiting: REPORTS_WAITING_AT_MOST,
  perUser: REPORTS_PER_USER_AT_ONCE,
  retryAfterSeconds: REPORTS_RETRY_AFTER_SECONDS,
};

/** Who a report is for: a user's id, or null for a caller the per-user limit cannot name. */
export type ReportCaller = number | null;

interface Waiting {
  start: () => void;
  cancel: () => void;
}

/**
 * Lets at most `running` reports work at once on this server instance, keeps at most `waiting` more in line
 * (first come, first served), and refuses the rest at once with a 429 `rate_limited` carrying `Retry-After`.
 * One user holds at most `perUser` places, running and waiting together. A place is given back when its
 * report finishes, however it finishes; a waiting report whose request is abandoned leaves the line.
 */
export class ReportGate {
  private runningNow = 0;
  private readonly line: Waiting[] = [];
  private readonly perCaller = new Map<number, number>();

  constructor(private readonly limits: ReportGateLimits = REPORT_GATE_LIMITS) {}

  /** Reports working now and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.runningNow, waiting: this.line.length };
  }

  /** Runs `work` once a place is free, or refuses at once when neither a place nor the line has room. */
  async run<T>(caller: ReportCaller, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (caller !== null && (this.perCaller.get(caller) ?? 0) >= this.limits.perUser) {
      throw this.refusal(REPORTS_PER_USER_MESSAGE);
    }
    if (this.runningNow >= this.limits.running && this.line.length >= this.limits.waiting) {
      throw this.refusal(REPORTS_BUSY_MESSAGE);
    }
    this.take(caller);
    try {
      if (this.runningNow < this.limits.running) this.runningNow++;
      else await this.waitForPlace(signal);
    } catch (error) {
      this.give(caller);
      throw error;
    }
    try {
      return await work();
    } finally {
      this.give(caller);
      this.handOver();
    }
  }

  private refusal(message: string): AppError {
    const seconds = this.limits.retryAfterSeconds;
    return new AppError('rate_limited', message, {
      details: { retryAfterSeconds: seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }

  /** Waits in line until a finishing report hands its place over (the place is counted as taken then). */
  private waitForPlace(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(this.refusal(REPORTS_BUSY_MESSAGE));
        return;
      }
      const onAbort = () => entry.cancel();
      const entry: Waiting = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        cancel: () => {
          const at = this.line.indexOf(entry);
          if (at >= 0) this.line.splice(at, 1);
          signal?.removeEventListener('abort', onAbort);
          // Nobody reads this answer: the request was abandoned while it waited.
          reject(this.refusal(REPORTS_BUSY_MESSAGE));
        },
      };
      this.line.push(entry);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** A report finished: its place goes to the first in line, or is freed. */
  private handOver(): void {
    const next = this.line.shift();
    if (next) next.start();
    else this.runningNow--;
  }

  private take(caller: ReportCaller): void {
    if (caller !== null) this.perCaller.set(caller, (this.perCaller.get(caller) ?? 0) + 1);
  }

  private give(caller: ReportCaller): void {
    if (caller === null) return;
    const left = (this.perCaller.get(caller) ?? 1) - 1;
    if (left > 0) this.perCaller.set(caller, left);
    else this.perCaller.delete(caller);
  }
}
