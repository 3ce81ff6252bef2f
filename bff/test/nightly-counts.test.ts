import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { createApp } from '@bff/app.ts';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { apiErrorSchema } from '@engine/api-schemas.ts';
import {
  completeNightlyCountResponseSchema,
  nightlyCountResponseSchema,
  saveNightlyItemsResponseSchema,
} from '@engine/counting-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testConfig } from './http.ts';

// 22:30 on Monday 10 March 2025 in Chicago, already the 11th in UTC: the café's business date is the 10th.
const NOW = new Date('2025-03-11T03:30:00Z');
const TODAY = '2025-03-10';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof createApp>;
let staff: string;
let own: number;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = createApp({ db, config: testConfig(), logger: recordingLogger(), now: () => NOW });
  staff = await sessionCookieFor(db, fx.users.staff.id);
  own = fx.locations.own.id;
  await db.query(`UPDATE locations SET timezone = 'America/Chicago' WHERE id = $1`, [own]);
  await db.query('UPDATE products SET is_daily_count = true WHERE id = ANY($1::int[])', [
    [fx.products.milk, fx.products.cups, fx.products.retired],
  ]);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM nightly_counts');
  await db.query('DELETE FROM audit_log');
});

const typed = (minute: number) =>
  new Date(Date.parse('2025-03-10T22:00:00-05:00') + minute * 60_000).toISOString();

const read = async (query = '') => {
  const res = await call(app, 'GET', `/api/nightly-counts?locationId=${own}${query}`, { cookie: staff });
  if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${res.text}`);
  return nightlyCountResponseSchema.parse(res.json);
};

const save = (
  items: { productId: number; count: number | null; confirmed?: boolean; typedAt: string }[],
  date?: string,
) =>
  call(app, 'POST', '/api/nightly-counts/items', {
    cookie: staff,
    body: { locationId: own, date, items: items.map((item) => ({ confirmed: false, ...item })) },
  });

const complete = (date?: string) =>
  call(app, 'POST', '/api/nightly-counts/complete', { cookie: staff, body: { locationId: own, date } });

describe('GET /api/nightly-counts', () => {
  test("today's count by default, in the location's time zone, with Square shown as not connected", async () => {
    const body = await read();
    expect(body).toEqual({
      locationId: own,
      businessDate: TODAY,
      today: TODAY,
      timezone: 'America/Chicago',
      editable: true,
      nightlyCount: null,
      square: { connected: false },
      items: [
        expect.objectContaining({ productId: fx.products.cups, productName: 'Cups 12oz', count: null }),
        expect.objectContaining({ productId: fx.products.milk, productName: 'Oat Milk', count: null }),
      ],
    });
    expect(body.items.every((item) => item.squareQuantity === null && !item.confirmed)).toBe(true);
  });

  test('a past day inside the window is editable; an older one is read-only; a later one does not exist', async () => {
    expect((await read('&date=2025-03-03')).editable).toBe(true);
    expect((await read('&date=2025-03-02')).editable).toBe(false);
    const future = await call(app, 'GET', `/api/nightly-counts?locationId=${own}&date=2025-03-11`, {
      cookie: staff,
    });
    expect(future.status).toBe(400);
    expect(apiErrorSchema.parse(future.json).message).toBe(
      '2025-03-11 has not begun yet at this location (today is 2025-03-10).',
    );
    const bad = await call(app, 'GET', `/api/nightly-counts?locationId=${own}&date=10/03/2025`, {
      cookie: staff,
    });
    expect(apiErrorSchema.parse(bad.json).message).toBe('date must be a calendar day such as 2025-03-01');
  });

  test('discontinued products leave the nightly count', async () => {
    await db.query(
      `INSERT INTO location_products (location_id, product_id, lifecycle) VALUES ($1, $2, 'discontinued')`,
      [own, fx.products.cups],
    );
    try {
      expect((await read()).items.map((item) => item.productName)).toEqual(['Oat Milk']);
    } finally {
      await db.query('DELETE FROM location_products WHERE product_id = $1', [fx.products.cups]);
    }
  });
});

describe('POST /api/nightly-counts/items', () => {
  test("saves into today's count of the location's calendar day, created on first write", async () => {
    const res = await save([
      { productId: fx.products.milk, count: 4.5, confirmed: true, typedAt: typed(1) },
      { productId: fx.products.cups, count: 40, typedAt: typed(1) },
    ]);
    expect(res.status).toBe(200);
    const body = saveNightlyItemsResponseSchema.parse(res.json);
    expect(body).toMatchObject({ businessDate: TODAY, superseded: [] });
    expect(body.nightlyCount.createdBy).toEqual({ id: fx.users.staff.id, name: 'Sam Staff' });
    expect(await db.query('SELECT business_date FROM nightly_counts')).toEqual([{ business_date: TODAY }]);

    const day = await read();
    expect(day.nightlyCount?.id).toBe(body.nightlyCount.id);
    expect(day.items.find((item) => item.productId === fx.products.milk)).toMatchObject({
      count: 4.5,
      confirmed: true,
      countedBy: 'Sam Staff',
      typedAt: typed(1),
      squareQuantity: null,
    });
    const audit = await db.query<{ action: string; location_id: number }>(
      `SELECT action, location_id FROM audit_log ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'nightly.item', location_id: own },
      { action: 'nightly.item', location_id: own },
    ]);
  });

  test('last typed value wins per item', async () => {
    await save([{ productId: fx.products.milk, count: 4, typedAt: typed(5) }]);
    const late = saveNightlyItemsResponseSchema.parse(
      (
        await save([
          { productId: fx.products.milk, count: 9, typedAt: typed(2) },
          { productId: fx.products.cups, count: 10, typedAt: typed(2) },
        ])
      ).json,
    );
    expect(late.superseded).toEqual([fx.products.milk]);
    expect(late.applied).toEqual([fx.products.cups]);
    expect(late.items.find((item) => item.productId === fx.products.milk)?.count).toBe(4);
  });

  test('each business date is its own count', async () => {
    await save([{ productId: fx.products.milk, count: 1, typedAt: typed(1) }], '2025-03-09');
    await save([{ productId: fx.products.milk, count: 2, typedAt: typed(1) }]);
    expect(
      (await read('&date=2025-03-09')).items.find((item) => item.productId === fx.products.milk)?.count,
    ).toBe(1);
    expect((await read()).items.find((item) => item.productId === fx.products.milk)?.count).toBe(2);
  });

  test('a day older than the window is read-only (409); nothing is written', async () => {
    const res = await save([{ productId: fx.products.milk, count: 1, typedAt: typed(1) }], '2025-03-02');
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'nightly_count_read_only',
      message:
        'The nightly count of 2025-03-02 can no longer be changed: nightly counts are read-only after 7 days.',
    });
    expect(await db.query('SELECT 1 FROM nightly_counts')).toEqual([]);
  });

  test('a batch with one bad row changes nothing', async () => {
    const unknown = await save([
      { productId: fx.products.milk, count: 1, typedAt: typed(1) },
      { productId: 424_242, count: 1, typedAt: typed(1) },
    ]);
    expect(unknown.status).toBe(400);
    expect(apiErrorSchema.parse(unknown.json).message).toBe(
      'Product 424242 does not exist; nothing was saved.',
    );
    const negative = await save([
      { productId: fx.products.milk, count: 1, typedAt: typed(1) },
      { productId: fx.products.cups, count: -3, typedAt: typed(1) },
    ]);
    expect(apiErrorSchema.parse(negative.json).message).toBe(
      `The count of product ${fx.products.cups} cannot be negative`,
    );
    expect(await db.query('SELECT 1 FROM nightly_counts')).toEqual([]);
    expect(await db.query('SELECT 1 FROM audit_log')).toEqual([]);
  });
});

describe('permissions', () => {
  test('a role without nightly_counts may neither read nor write them', async () => {
    await db.query(
      `DELETE FROM role_permissions WHERE role_key = 'staff' AND permission_key = 'nightly_counts'`,
    );
    try {
      const get = await call(app, 'GET', `/api/nightly-counts?locationId=${own}`, { cookie: staff });
      expect(get.status).toBe(403);
      expect(apiErrorSchema.parse(get.json).message).toBe('You do not have permission to do nightly counts.');
      expect((await save([{ productId: fx.products.milk, count: 1, typedAt: typed(1) }])).status).toBe(403);
    } finally {
      await db.query(
        `INSERT INTO role_permissions (role_key, permission_key) VALUES ('staff', 'nightly_counts')`,
      );
    }
    expect(await db.query('SELECT 1 FROM nightly_counts')).toEqual([]);
  });
});

describe('POST /api/nightly-counts/complete', () => {
  test('refused with nothing counted; completes once; a repeat is 409', async () => {
    expect((await complete()).json).toMatchObject({ code: 'nothing_counted' });
    await save([{ productId: fx.products.milk, count: null, typedAt: typed(1) }]);
    expect((await complete()).status).toBe(409);

    await save([{ productId: fx.products.milk, count: 3, confirmed: true, typedAt: typed(2) }]);
    const res = await complete();
    expect(res.status).toBe(200);
    const body = completeNightlyCountResponseSchema.parse(res.json);
    expect(body).toMatchObject({
      businessDate: TODAY,
      itemsCounted: 1,
      nightlyCount: { completedBy: { id: fx.users.staff.id, name: 'Sam Staff' } },
    });
    expect((await read()).nightlyCount?.completedAt).toBe(body.nightlyCount.completedAt);

    // Named in Chicago's time: 03:10 UTC on the 11th is 22:10 on the 10th there, the café's today.
    await db.query(`UPDATE nightly_counts SET completed_at = '2025-03-11T03:10:00Z'`);
    const again = await complete();
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(again.json)).toMatchObject({
      code: 'already_completed',
      message: `The nightly count of ${TODAY} was already completed by Sam Staff today at 22:10.`,
    });
    expect(await db.query(`SELECT 1 FROM audit_log WHERE action = 'nightly.complete'`)).toHaveLength(1);
  });

  test('a read-only day cannot be completed', async () => {
    const res = await complete('2025-02-20');
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(res.json).code).toBe('nightly_count_read_only');
  });
});
