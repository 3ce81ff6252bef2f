import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openAnotherPool, openTestDb } from '@db/testing/test-db.ts';

// A server opens its pool's connections before it listens (decision 071).
let db: Db;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

test('openAllConnections opens as many sessions as the pool may hold, before any request needs one', async () => {
  // The embedded database is one connection in this process: nothing to open.
  if (db.driver !== 'postgres') return;
  const sessions = async () => {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name LIKE 'parstock %'`,
    );
    return row?.n ?? 0;
  };
  const pool = openAnotherPool(db); // five connections at most, none open yet
  const before = await sessions();
  await pool.openAllConnections?.();
  expect((await sessions()) - before).toBe(5);
  // Opened again, the pool has nothing more to open.
  await pool.openAllConnections?.();
  expect((await sessions()) - before).toBe(5);
});
