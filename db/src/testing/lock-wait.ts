import type { Db } from '@db/client.ts';

/**
 * Waits until a statement of this database whose text contains `statementPart` is waiting for a lock
 * (PostgreSQL only): a test holds a transaction open, starts a second call, and releases the first only once the
 * second is known to be queued behind it, so the order it asserts is the one that happened.
 */
export async function untilWaitingForLock(db: Db, statementPart: string): Promise<void> {
  const [self] = await db.query<{ name: string }>('SELECT current_database() AS name');
  const waiting = `SELECT 1 FROM pg_stat_activity
                    WHERE datname = $1 AND wait_event_type = 'Lock' AND position($2 in query) > 0`;
  while ((await db.query(waiting, [self?.name ?? '', statementPart])).length === 0) await Bun.sleep(5);
}
