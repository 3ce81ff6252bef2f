import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { ORDER_CSV_HEADER } from '@engine/order-csv.ts';
import { orderDetailSchema, orderListResponseSchema } from '@engine/order-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';
import { insertOrder, southDistrictManager } from './ordering-fixtures.ts';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
const cookies: Record<'staff' | 'manager' | 'district' | 'admin' | 'south', string> = {
  staff: '',
  manager: '',
  district: '',
  admin: '',
  south: '',
};
let ids: { ownOld: number; ownNew: number; ownCancelled: number; sibling: number; foreign: number };

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  cookies.staff = await sessionCookieFor(db, fx.users.staff.id);
  cookies.manager = await sessionCookieFor(db, fx.users.cafeManager.id);
  cookies.district = await sessionCookieFor(db, fx.users.districtManager.id);
  cookies.admin = await sessionCookieFor(db, fx.users.admin.id);
  cookies.south = await sessionCookieFor(db, (await southDistrictManager(db, fx)).id);
  // The milk has a SKU and a vendor, the cups neither: lines carry both as the product has them now.
  await db.query(`UPDATE products SET sku = 'VFD-0001', vendor = 'Valley Fresh Dairy' WHERE id = $1`, [
    fx.products.milk,
  ]);
  await db.query('UPDATE products SET sku = NULL, vendor = NULL WHERE id = $1', [fx.products.cups]);
  const by = fx.users.cafeManager.id;
  ids = {
    // 50 days ago, so it falls outside a from-filter of the last month.
    ownOld: await insertOrder(db, {
      locationId: fx.locations.own.id,
      createdBy: by,
      status: 'received',
      hoursAgo: 50 * 24,
      note: 'Say "hi", please',
      lines: [
        { productId: fx.products.milk, quantity: 2 },
        { productId: fx.products.cups, quantity: 3, unitCost: 0.1 },
      ],
    }),
    ownNew: await insertOrder(db, {
      locationId: fx.locations.own.id,
      createdBy: by,
      hoursAgo: 1,
      lines: [{ productId: fx.products.beans, quantity: 4 }],
    }),
    ownCancelled: await insertOrder(db, {
      locationId: fx.locations.own.id,
      createdBy: by,
      status: 'cancelled',
      hoursAgo: 2,
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    }),
    sibling: await insertOrder(db, {
      locationId: fx.locations.sibling.id,
      createdBy: fx.users.districtManager.id,
      hoursAgo: 3,
      lines: [{ productId: fx.products.milk, quantity: 10 }],
    }),
    foreign: await insertOrder(db, {
      locationId: fx.locations.foreign.id,
      createdBy: fx.users.admin.id,
      hoursAgo: 4,
      lines: [{ productId: fx.products.syrup, quantity: 1 }],
    }),
  };
  // The old order arrived in one delivery, 49 days ago.
  const [receipt] = await db.query<{ id: number }>(
    `INSERT INTO order_events (order_id, from_status, to_status, actor_id, created_at)
     VALUES ($1, 'placed', 'received', $2, now() - interval '49 days') RETURNING id::int AS id`,
    [ids.ownOld, fx.users.districtManager.id],
  );
  if (!receipt) throw new Error('No receipt was recorded');
  await db.query(
    'UPDATE order_lines SET receipt_event_id = $2, received_quantity = quantity WHERE order_id = $1',
    [ids.ownOld, receipt.id],
  );
});
afterAll(() => db.close());

const list = async (query: string, cookie: string) => {
  const res = await call(app, 'GET', `/api/orders${query}`, { cookie });
  expect(res.status).toBe(200);
  return orderListResponseSchema.parse(res.json);
};

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

describe('GET /api/orders', () => {
  test('only orders of the user’s locations, newest first, with totals', async () => {
    const mine = await list('', cookies.manager);
    expect(mine.orders.map((o) => o.id)).toEqual([ids.ownNew, ids.ownCancelled, ids.ownOld]);
    expect(mine.orders.find((o) => o.id === ids.ownOld)).toMatchObject({
      lineCount: 2,
      receivedLineCount: 2,
      total: 5.3,
      status: 'received',
    });
    // The cancelled order is counted but its cost is not spend: it is shown apart.
    expect(mine).toMatchObject({ count: 3, total: 15.3, unspentTotal: 2.5, hasMore: false });

    expect(await list('?status=cancelled', cookies.manager)).toMatchObject({
      count: 1,
      total: 0,
      unspentTotal: 2.5,
    });

    const district = await list('', cookies.district);
    expect(district.orders.map((o) => o.id)).toEqual([ids.ownNew, ids.ownCancelled, ids.sibling, ids.ownOld]);
    expect((await list('', cookies.admin)).count).toBe(5);
  });

  test('filters by status, location and days', async () => {
    expect((await list('?status=submitted', cookies.district)).orders.map((o) => o.id)).toEqual([
      ids.ownNew,
      ids.sibling,
    ]);
    expect(
      (await list(`?locationId=${fx.locations.sibling.id}`, cookies.district)).orders.map((o) => o.id),
    ).toEqual([ids.sibling]);
    const recent = await list(`?from=${daysAgo(30)}&to=${daysAgo(-1)}`, cookies.manager);
    expect(recent.orders.map((o) => o.id)).toEqual([ids.ownNew, ids.ownCancelled]);
    const old = await list(`?to=${daysAgo(40)}`, cookies.manager);
    expect(old.orders.map((o) => o.id)).toEqual([ids.ownOld]);
    // Empty values are "no filter", as a form sends them.
    expect((await list('?status=&locationId=', cookies.manager)).count).toBe(3);
  });

  test('a limit returns the newest and says more match; count and total still cover all', async () => {
    const page = await list('?limit=1', cookies.manager);
    expect(page.orders.map((o) => o.id)).toEqual([ids.ownNew]);
    expect(page).toMatchObject({ hasMore: true, count: 3 });
  });

  test('bad filters are a 400; a location outside scope a 403', async () => {
    const badStatus = await call(app, 'GET', '/api/orders?status=shipped', { cookie: cookies.manager });
    expect(badStatus.status).toBe(400);
    expect(badStatus.json).toMatchObject({ message: expect.stringContaining('status must be one of') });
    const badDays = await call(app, 'GET', '/api/orders?from=2026-12-01&to=2026-11-01', {
      cookie: cookies.manager,
    });
    expect(badDays.json).toMatchObject({
      code: 'validation_failed',
      message: "'from' must not be after 'to'",
    });
    const foreign = await call(app, 'GET', `/api/orders?locationId=${fx.locations.foreign.id}`, {
      cookie: cookies.manager,
    });
    expect(foreign.status).toBe(403);
  });

  test('staff cannot see orders', async () => {
    expect((await call(app, 'GET', '/api/orders', { cookie: cookies.staff })).status).toBe(403);
  });

  test('another district’s manager sees none of them', async () => {
    const south = await list('', cookies.south);
    expect(south.orders.map((o) => o.id)).toEqual([ids.foreign]);
    const north = await list('?status=submitted', cookies.south);
    expect(north.orders.some((o) => o.location.id !== fx.locations.foreign.id)).toBe(false);
  });
});

describe('GET /api/orders/:id', () => {
  test('the order with lines and history', async () => {
    const res = await call(app, 'GET', `/api/orders/${ids.ownOld}`, { cookie: cookies.manager });
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.json);
    expect(order).toMatchObject({ id: ids.ownOld, note: 'Say "hi", please', total: 5.3 });
    expect(
      order.lines.map((l) => [
        l.productName,
        l.category,
        l.quantity,
        l.unitCost,
        l.lineTotal,
        l.sku,
        l.vendor,
      ]),
    ).toEqual([
      ['Oat Milk', 'Dairy', 2, 2.5, 5, 'VFD-0001', 'Valley Fresh Dairy'],
      ['Cups 12oz', 'Supplies', 3, 0.1, 0.3, null, null],
    ]);
    expect(order.events).toMatchObject([
      { fromStatus: null, toStatus: 'submitted', actor: { name: 'Mia Manager' } },
      { fromStatus: 'placed', toStatus: 'received', actor: { name: 'Dan District' } },
    ]);
    // Each line was received with the order's one delivery.
    const receivedAt = order.events[1]?.at ?? 'no receipt';
    expect(order.lines.map((l) => l.receivedAt)).toEqual([receivedAt, receivedAt]);
  });

  test('outside scope is a 404 just like an id that does not exist', async () => {
    for (const [id, cookie] of [
      [ids.sibling, cookies.manager],
      [ids.ownNew, cookies.south],
      [999999, cookies.admin],
    ] as const) {
      const res = await call(app, 'GET', `/api/orders/${id}`, { cookie });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ code: 'not_found', message: 'Order not found.' });
    }
    expect((await call(app, 'GET', '/api/orders/abc', { cookie: cookies.admin })).status).toBe(400);
  });
});

describe('GET /api/orders/export.csv', () => {
  test('an attachment with a header row and one row per line, quoted where needed', async () => {
    const res = await call(app, 'GET', '/api/orders/export.csv?status=received', { cookie: cookies.manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe(ORDER_CSV_HEADER.join(','));
    const [order] = await db.query<{ number: string; created_at: Date }>(
      'SELECT number, created_at FROM orders WHERE id = $1',
      [ids.ownOld],
    );
    const at = order?.created_at.toISOString();
    const [receipt] = await db.query<{ at: Date }>(
      `SELECT created_at AS at FROM order_events WHERE order_id = $1 AND to_status = 'received'`,
      [ids.ownOld],
    );
    const receivedAt = receipt?.at.toISOString();
    expect(rows.slice(1)).toEqual([
      `${order?.number},received,DT,Downtown,${at},Mia Manager,"Say ""hi"", please",Oat Milk,Dairy,each,2,2.5,5,VFD-0001,Valley Fresh Dairy,${receivedAt},2`,
      `${order?.number},received,DT,Downtown,${at},Mia Manager,"Say ""hi"", please",Cups 12oz,Supplies,each,3,0.1,0.3,,,${receivedAt},3`,
      '',
    ]);
  });

  test('the same scope as the list: another district’s orders never appear', async () => {
    const res = await call(app, 'GET', '/api/orders/export.csv', { cookie: cookies.south });
    const rows = res.text.split('\r\n').filter((row) => row !== '');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',UP,Uptown,');
  });
});
