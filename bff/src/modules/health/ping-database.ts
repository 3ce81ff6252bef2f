import type { Db } from '@db/client.ts';
import { databaseCause } from '@db/database-unavailable.ts';
import { selectOneWithin } from '@db/first-answer.ts';

export type DatabasePing =
  | { ok: true; latencyMs: number }
  /** `cause` is for the log only: the health answer is public and must not show connection details. */
  | { ok: false; latencyMs: null; cause: string };

/**
 * One round trip to the database, given up after `timeoutMs` so a hung database makes the health
 * check say so instead of hanging the load balancer's probe too.
 */
export async function pingDatabase(db: Db, timeoutMs: number): Promise<DatabasePing> {
  const started = performance.now();
  try {
    await selectOneWithin(db, timeoutMs, `no answer within ${timeoutMs} ms`);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    const cause = databaseCause(error) ?? (error instanceof Error ? error.message : String(error));
    return { ok: false, latencyMs: null, cause };
  }
}
