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

  test('today already has an open count: the numbers join it, the later typed of two winning', async () => {
    const ahead = await nightlyOn(await todayIn(AHEAD));
    const today = await nightlyOn(await todayIn(BEHIND));
    const item = (id: number, productId: number, count: number, typedMinutesAgo: number) =>
      db.query(
        `INSERT INTO nightly_count_items (nightly_count_id, product_id, count, typed_at)
         VALUES ($1, $2, $3, now() - $4 * interval '1 minute')`,
        [id, productId, count, typedMinutesAgo],
      );
    await item(today, fx.products.milk, 4, 30);
    await item(today, fx.products.beans, 2, 1);
    await item(ahead, fx.products.milk, 9, 5);
    await item(ahead, fx.products.beans, 7, 20);
    await item(ahead, fx.products.cups, 5, 5);
    expect((await changeZone(BEHIND)).status).toBe(200);
    const rows = await db.query<{ product: number; count: number }>(
      'SELECT product_id AS product, count FROM nightly_count_items WHERE nightly_count_id = $1 ORDER BY product_id',
      [today],
    );
    expect(new Map(rows.map((row) => [row.product, Number(row.count)]))).toEqual(
      new Map([
        [fx.products.milk, 9],
        [fx.products.beans, 2],
        [fx.products.cups, 5],
      ]),
    );
    expect(await dateOf(ahead)).toBeUndefined();
    const [audit] = await db.query<{ after: { joinedNightlyCount: number } }>(
      `SELECT after FROM audit_log WHERE action = 'nightly.moved_to_today'`,
    );
    expect(audit?.after.joinedNightlyCount).toBe(today);
  });

  test('today’s count completed already: the open one stays where it is', async () => {
    const ahead = await nightlyOn(await todayIn(AHEAD));
    await nightlyOn(await todayIn(BEHIND), true);
    expect((await changeZone(BEHIND)).status).toBe(200);
    expect(await dateOf(ahead)).toBe(await todayIn(AHEAD));
  });

  test('a clock moved later leaves the open count on its day, to finish late', async () => {
    await db.query('UPDATE locations SET timezone = $2 WHERE id = $1', [cafe, BEHIND]);
    const open = await nightlyOn(await todayIn(BEHIND));
    expect((await changeZone(AHEAD)).status).toBe(200);
    expect(await dateOf(open)).toBe(await todayIn(BEHIND));
    expect(await db.query(`SELECT 1 FROM audit_log WHERE action = 'nightly.moved_to_today'`)).toEqual([]);
  });
});
