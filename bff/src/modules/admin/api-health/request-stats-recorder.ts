import { hostname } from 'node:os';
import type { Logger } from '@bff/app-deps.ts';
import type { Db } from '@db/client.ts';
import {
  addRequestCounts,
  deleteOldRequestStats,
  type MinuteCounts,
} from '@db/repositories/request-stats.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Counts older than this are useless to the 15-minute error rate; they are dropped if a flush keeps failing. */
const KEEP_UNFLUSHED_MS = 30 * MINUTE_MS;
const KEEP_STORED_HOURS = 48;

export interface RequestStatsOptions {
  db: Db;
  logger: Logger;
  /** Names this process's rows; unique per running instance. */
  instanceId?: string;
  flushIntervalMs?: number;
  now?: () => number;
  /** Told of every recorded request (the server's idle garbage collection, decision 044). */
  onRecorded?: () => void;
}

/** A 5xx is our failure; 4xx answers are people's mistakes and refusals, not errors of the service. */
export function isServerError(status: number): boolean {
  return status >= 500;
}

/**
 * Counts API answers per minute in memory and adds them to `request_stats` every few seconds, so the
 * API-health view can show the error rate of every instance without a database write per request.
 * Counting is a map update; a failed flush keeps the counts for the next one and logs once, never
 * failing a request.
 */
export class RequestStatsRecorder {
  readonly instanceId: string;
  private readonly db: Db;
  private readonly logger: Logger;
  private readonly flushIntervalMs: number;
  private readonly now: () => number;
  private pending = new Map<number, { requests: number; errors: number }>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private failing = false;
  private lastPrunedAt = 0;
  private readonly onRecorded: () => void;

  constructor(options: RequestStatsOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
    this.flushIntervalMs = options.flushIntervalMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.onRecorded = options.onRecorded ?? (() => {});
  }

  record(status: number): void {
    this.onRecorded();
    const minute = Math.floor(this.now() / MINUTE_MS) * MINUTE_MS;
    const counts = this.pending.get(minute) ?? { requests: 0, errors: 0 };
    counts.requests++;
    if (isServerError(status)) counts.errors++;
    this.pending.set(minute, counts);
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), this.flushIntervalMs);
      // A pending flush must never keep the process (or a test run) alive.
      this.timer.unref?.();
    }
  }

  /** Writes what was counted so far; flushes run one after another, never twice for the same counts. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushOnce());
    return this.flushing;
  }

  /** At shutdown: no more timer, and the last counts written. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async flushOnce(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const counts: MinuteCounts[] = [...batch].map(([minute, c]) => ({
      minute: new Date(minute).toISOString(),
      ...c,
    }));
    try {
      await addRequestCounts(this.db, this.instanceId, counts);
      if (this.now() - this.lastPrunedAt > HOUR_MS) {
        this.lastPrunedAt = this.now();
        await deleteOldRequestStats(this.db, KEEP_STORED_HOURS);
      }
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.error('Request statistics could not be saved; will retry', error);
      this.failing = true;
      this.restore(batch);
    }
  }

  private restore(batch: Map<number, { requests: number; errors: number }>): void {
    const oldest = this.now() - KEEP_UNFLUSHED_MS;
    for (const [minute, c] of batch) {
      if (minute < oldest) continue;
      const current = this.pending.get(minute) ?? { requests: 0, errors: 0 };
      this.pending.set(minute, {
        requests: current.requests + c.requests,
        errors: current.errors + c.errors,
      });
    }
  }
}
