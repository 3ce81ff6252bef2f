import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { isoTimestampSql, toIsoString } from './timestamps.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

test('the database writes a timestamp as toIsoString does the Date the driver reads', async () => {
  // Microseconds either side of a millisecond, a second's and a year's last microsecond, another time zone,
  // another session time zone: the text must be the Date's, which cuts microseconds rather than rounding them.
  const values = [
    '2026-12-01 19:49:45.094999+00',
    '2026-12-01 19:49:45.095001+00',
    '2026-12-31 23:59:59.999999+00',
    '2026-03-29 01:30:00+01',
    '1999-01-01 00:00:00-08',
    '2026-06-15 12:00:00.5+05:30',
  ];
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TimeZone = 'America/New_York'`);
    const rows = await tx.query<{ driver: unknown; text: string }>(
      `SELECT t AS driver, ${isoTimestampSql('t')} AS text FROM unnest($1::timestamptz[]) AS v(t)`,
      [values],
    );
    expect(rows).toHaveLength(values.length);
    for (const row of rows) expect(row.text).toBe(toIsoString(row.driver));
  });
  const [none] = await db.query<{ text: string | null }>(
    `SELECT ${isoTimestampSql('NULL::timestamptz')} AS text`,
  );
  expect(none?.text).toBeNull();
});
