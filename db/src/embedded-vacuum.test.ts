import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { vacuumWhereDue } from '@db/embedded-vacuum.ts';
import { openTestDb } from '@db/testing/test-db.ts';

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  await db.query('CREATE TABLE churned (id int PRIMARY KEY, n int NOT NULL)');
  await db.query('INSERT INTO churned SELECT g, 0 FROM generate_series(1, 200) g');
});
afterAll(() => db.close());

const stats = async () =>
  (
    await db.query<{ dead: number; vacuumed: boolean }>(
      `SELECT n_dead_tup::int AS dead, (last_vacuum IS NOT NULL) AS vacuumed
         FROM pg_stat_user_tables WHERE relname = 'churned'`,
    )
  )[0];

describe('vacuumWhereDue', () => {
  test('a table whose rows were rewritten again and again is vacuumed and analyzed, as autovacuum would', async () => {
    await db.query('ANALYZE churned');
    for (let round = 0; round < 3; round++) await db.query('UPDATE churned SET n = n + 1');
    // A backend hands its table statistics over at most once a second; this one now, at its next statement.
    await db.query('SELECT pg_stat_force_next_flush()');
    await db.query('SELECT 1');
    const done = await vacuumWhereDue(db);
    if (db.driver !== 'pglite') {
      // PostgreSQL's own autovacuum does this work: the server leaves it alone.
      expect(done).toEqual([]);
      return;
    }
    expect(done).toContain('VACUUM (ANALYZE) public.churned');
    expect(await stats()).toEqual({ dead: 0, vacuumed: true });
    // Nothing changed since: nothing is due.
    expect((await vacuumWhereDue(db)).filter((work) => work.includes('churned'))).toEqual([]);
  });
});
