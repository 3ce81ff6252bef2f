import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import type { Fixture } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

// Kiritimati (UTC+14) to Pago Pago (UTC−11): 25 hours apart, so Kiritimati's today is always ahead.
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;
let cafe: number;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin },
  } = await openTestWorld(['admin']));
  cafe = fx.locations.own.id;
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM nightly_counts');
  await db.query('DELETE FROM audit_log');
  await db.query('UPDATE locations SET timezone = $2 WHERE id = $1', [cafe, AHEAD]);
});

const todayIn = async (zone: string) =>
  (await db.query<{ day: string }>(`SELECT to_char(now() AT TIME ZONE $1, 'YYYY-MM-DD') AS day`, [zone]))[0]
    ?.day;

async function nightlyOn(day: string | undefined, completed = false): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO nightly_counts (location_id, business_date, created_by, completed_at, completed_by)
     VALUES ($1, $2::date, $3, ${completed ? 'now()' : 'NULL'}, ${completed ? '$3' : 'NULL'}) RETURNING id`,
    [cafe, day ?? '', fx.users.admin.id],
  );
  return row?.id ?? 0;
}

const dateOf = async (id: number) =>
  (
    await db.query<{ day: string }>(
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS day FROM nightly_counts WHERE id = $1`,
      [id],
    )
  )[0]?.day;

const changeZone = (timezone: string) =>
  call(app, 'PATCH', `/api/admin/locations/${cafe}`, { cookie: admin, body: { timezone } });

describe('a café’s time zone corrected while its nightly count is open', () => {
  test('the count dated after the new clock’s today moves to today, and the audit log says so', async () => {
    const open = await nightlyOn(await todayIn(AHEAD));
    expect((await changeZone(BEHIND)).status).toBe(200);
    expect(await dateOf(open)).toBe(await todayIn(BEHIND));
    const audit = await db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'nightly.moved_to_today'`,
    );
    expect(audit).toEqual([
      {
        before: { businessDate: await todayIn(AHEAD), timezone: AHEAD },
        after: { businessDate: await todayIn(BEHIND), timezone: BEHIND },
      },
    ]);
  });

  test('a completed count is history and stays on its day', async () => {
    const done = await nightlyOn(await todayIn(AHEAD), true);
    expect((await changeZone(BEHIND)).status).toBe(200);
    expect(await dateOf(done)).toBe(await todayIn(AHEAD));
  });

  test('today already has a count: neither moves', async () => {
    const ahead = await nightlyOn(await todayIn(AHEAD));
    const today = await nightlyOn(await todayIn(BEHIND));
    expect((await changeZone(BEHIND)).status).toBe(200);
    expect([await dateOf(ahead), await dateOf(today)]).toEqual([await todayIn(AHEAD), await todayIn(BEHIND)]);
  });

  test('a clock moved later leaves the open count on its day, to finish late', async () => {
    await db.query('UPDATE locations SET timezone = $2 WHERE id = $1', [cafe, BEHIND]);
    const open = await nightlyOn(await todayIn(BEHIND));
    expect((await changeZone(AHEAD)).status).toBe(200);
    expect(await dateOf(open)).toBe(await todayIn(BEHIND));
    expect(await db.query(`SELECT 1 FROM audit_log WHERE action = 'nightly.moved_to_today'`)).toEqual([]);
  });
});
