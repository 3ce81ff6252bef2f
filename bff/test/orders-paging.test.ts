import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { encodeKeysetCursor, INVALID_CURSOR_MESSAGE } from '@engine/input/page-cursor.ts';
import {
  EXPORT_CURSOR_MESSAGE,
  type OrderListResponse,
  orderListResponseSchema,
} from '@engine/order-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testApp } from './http.ts';
import { insertOrder, southDistrictManager } from './ordering-fixtures.ts';

/**
 * "Load older orders" (decision 127): GET /api/orders pages by a cursor on (created_at, id), to the microsecond.
 * The orders below share instants and differ by one microsecond, so a cursor that kept milliseconds, or ordered
 * by time alone, would repeat or skip some.
 */

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
const logger = recordingLogger();
const cookies = { manager: '', district: '', admin: '', south: '' };
/** The district manager's orders, newest first, as one page answers them. */
let everyOrder: OrderListResponse;

/** Inserts an order and sets its time exactly (PostgreSQL keeps microseconds). */
async function orderAt(locationId: number, createdAt: string, status: 'submitted' | 'placed' = 'submitted') {
  const id = await insertOrder(db, {
    locationId,
    createdBy: fx.users.cafeManager.id,
    status,
    lines: [{ productId: fx.products.milk, quantity: 1 }],
  });
  // As text: postgres.js sends a timestamptz parameter through a JS Date, which would drop the microseconds.
  await db.query('UPDATE orders SET created_at = $2::text::timestamptz WHERE id = $1', [id, createdAt]);
  return id;
}

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db, { logger });
  cookies.manager = await sessionCookieFor(db, fx.users.cafeManager.id);
  cookies.district = await sessionCookieFor(db, fx.users.districtManager.id);
  cookies.admin = await sessionCookieFor(db, fx.users.admin.id);
  cookies.south = await sessionCookieFor(db, (await southDistrictManager(db, fx)).id);
  const own = fx.locations.own.id;
  const sibling = fx.locations.sibling.id;
  // Three orders of one instant (two cafés), two a microsecond apart, and others around them.
  await orderAt(own, '2026-11-20T10:00:00.123456Z');
  await orderAt(sibling, '2026-11-20T10:00:00.123456Z', 'placed');
  await orderAt(own, '2026-11-20T10:00:00.123456Z', 'placed');
  await orderAt(own, '2026-11-20T10:00:00.123457Z');
  await orderAt(sibling, '2026-11-20T10:00:00.123455Z');
  await orderAt(own, '2026-11-21T08:00:00Z', 'placed');
  await orderAt(sibling, '2026-11-19T23:59:59.999999Z');
  await orderAt(own, '2026-11-18T12:00:00Z');
  await orderAt(own, '2026-11-18T12:00:00Z', 'placed');
  await orderAt(fx.locations.foreign.id, '2026-11-20T10:00:00.123456Z');
  everyOrder = await list('', cookies.district);
});
afterAll(() => db.close());

async function list(query: string, cookie: string): Promise<OrderListResponse> {
  const res = await call(app, 'GET', `/api/orders${query}`, { cookie });
  expect({ query, status: res.status }).toEqual({ query, status: 200 });
  return orderListResponseSchema.parse(res.json);
}

/** Every page of a list from `cursor` (the first page when null), following `nextCursor`. */
async function allPages(
  filters: string,
  limit: number,
  cookie: string,
  from: string | null = null,
): Promise<OrderListResponse[]> {
  const pages: OrderListResponse[] = [];
  let cursor = from;
  do {
    const page: OrderListResponse = await list(
      `?limit=${limit}${filters}${cursor === null ? '' : `&cursor=${cursor}`}`,
      cookie,
    );
    // A page says more follow exactly when it gives a cursor for them.
    expect(page.hasMore).toBe(page.nextCursor !== null);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

const ids = (pages: OrderListResponse[]) => pages.flatMap((page) => page.orders.map((order) => order.id));

describe('GET /api/orders, page by page', () => {
  test('every order exactly once, in the order of one long page, through orders of one instant', async () => {
    expect(everyOrder.orders).toHaveLength(9);
    expect(everyOrder.hasMore).toBe(false);
    expect(everyOrder.nextCursor).toBeNull();
    // Newest first to the microsecond; orders of one instant newest id first.
    const inDatabase = await db.query<{ id: number }>(
      'SELECT id FROM orders WHERE location_id IN ($1, $2) ORDER BY created_at DESC, id DESC',
      [fx.locations.own.id, fx.locations.sibling.id],
    );
    expect(everyOrder.orders.map((order) => order.id)).toEqual(inDatabase.map((row) => row.id));
    const [shared] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE created_at = '2026-11-20T10:00:00.123456Z' AND location_id <> $1`,
      [fx.locations.foreign.id],
    );
    expect(shared?.n).toBe(3);

    for (const limit of [1, 2, 4]) {
      const pages = await allPages('', limit, cookies.district);
      expect({ limit, ids: ids(pages) }).toEqual({ limit, ids: everyOrder.orders.map((order) => order.id) });
      expect(pages).toHaveLength(Math.ceil(9 / limit));
      // The figures cover every matching order on every page, not the page or what is after the cursor.
      for (const page of pages) {
        expect(page).toMatchObject({
          count: everyOrder.count,
          total: everyOrder.total,
          unspentTotal: everyOrder.unspentTotal,
        });
      }
    }
  });

  test('filters hold on every page', async () => {
    const filters = `&status=placed&locationId=${fx.locations.own.id}`;
    const onePage = await list(`?limit=1000${filters}`, cookies.district);
    expect(onePage.orders.map((order) => [order.status, order.location.id])).toEqual([
      ['placed', fx.locations.own.id],
      ['placed', fx.locations.own.id],
      ['placed', fx.locations.own.id],
    ]);
    const pages = await allPages(filters, 1, cookies.district);
    expect(ids(pages)).toEqual(onePage.orders.map((order) => order.id));
    expect(pages.every((page) => page.count === 3)).toBe(true);

    const days = '&from=2026-11-19&to=2026-11-20';
    const inDays = await list(`?limit=1000${days}`, cookies.district);
    expect(ids(await allPages(days, 2, cookies.district))).toEqual(inDays.orders.map((order) => order.id));
  });

  test('an order submitted while someone pages does not shift the pages after the first', async () => {
    const first = await list('?limit=3', cookies.district);
    const newest = await orderAt(fx.locations.own.id, '2026-11-30T09:00:00Z');
    const rest = await allPages('', 3, cookies.district, first.nextCursor);
    expect([...ids([first]), ...ids(rest)]).toEqual(everyOrder.orders.map((order) => order.id));
    // It is counted, and the next look from the top shows it.
    expect(rest[0]?.count).toBe(everyOrder.count + 1);
    expect((await list('?limit=1', cookies.district)).orders[0]?.id).toBe(newest);
    await db.query('DELETE FROM order_events WHERE order_id = $1', [newest]);
    await db.query('DELETE FROM order_lines WHERE order_id = $1', [newest]);
    await db.query('DELETE FROM orders WHERE id = $1', [newest]);
  });
});

describe('cursors the server did not give', () => {
  async function refusedCursor(query: string, cookie = cookies.district) {
    const res = await call(app, 'GET', `/api/orders?${query}`, { cookie });
    expect({ query, status: res.status }).toEqual({ query, status: 400 });
    const body = res.json as { code: string; message: string; details: { path: string }[] };
    expect(body.code).toBe('validation_failed');
    expect(body.details?.[0]?.path).toBe('cursor');
    return body.message;
  }

  async function refusedBody(cursor: string, cookie: string) {
    const res = await call(app, 'GET', `/api/orders?cursor=${cursor}`, { cookie });
    expect(res.status).toBe(400);
    return res.json;
  }

  test('made-up, garbled, NUL, huge and out-of-range cursors are a 400 saying so, never a 500', async () => {
    const real = everyOrder.orders[3];
    if (!real) throw new Error('No order to forge a cursor from');
    const [exact] = await db.query<{ at: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM orders WHERE id = $1`,
      [real.id],
    );
    const at = exact?.at ?? '';
    const forged = [
      // Well formed, naming no order.
      encodeKeysetCursor({ createdAt: '2026-11-20T10:00:00.123456Z', id: 424242 }),
      // A real order's id a microsecond off, and its time with another order's id.
      encodeKeysetCursor({
        createdAt: at.replace(/\d(?=Z$)/, (digit) => String((Number(digit) + 1) % 10)),
        id: real.id,
      }),
      encodeKeysetCursor({ createdAt: at, id: real.id + 1000 }),
      // Beyond the 32-bit ids of orders, and a year PostgreSQL has no such day in.
      encodeKeysetCursor({ createdAt: at, id: 99_999_999_999 }),
      encodeKeysetCursor({ createdAt: '0000-01-01T00:00:00.000000Z', id: real.id }),
      // Base64 of something else, and text no cursor is made of.
      btoa('not-a-cursor'),
      btoa(`${at}|${real.id}|extra`).replace(/=+$/, ''),
      btoa(`${at.slice(0, -4)}Z|${real.id}`).replace(/=+$/, ''),
      'A',
    ];
    for (const cursor of forged) {
      expect(await refusedCursor(`cursor=${cursor}`)).toBe(INVALID_CURSOR_MESSAGE);
    }
    for (const query of [
      'cursor=%00',
      `cursor=${encodeKeysetCursor({ createdAt: at, id: real.id })}%00`,
      'cursor=%2F%2B%3D',
      `cursor=${'A'.repeat(201)}`,
      `cursor=${'QUFB'.repeat(20_000)}`,
      'cursor=%F0%9F%8D%B0',
    ]) {
      expect(await refusedCursor(query)).toMatch(/^cursor is not valid/);
    }
    expect(await refusedCursor('cursor=a&cursor=b')).toBe('cursor must be given once, not as a list');
    // The cursor this very order gives is accepted: the refusals above are about the cursors, not the order.
    expect(
      (await list(`?cursor=${encodeKeysetCursor({ createdAt: at, id: real.id })}`, cookies.district)).orders,
    ).toEqual(everyOrder.orders.slice(4));
    // A blank cursor is no cursor, as for every filter a form leaves empty.
    expect((await list('?cursor=', cookies.district)).orders).toEqual(everyOrder.orders);
  });

  test("a cursor from an order of another person's café is refused like a made-up one and reveals nothing", async () => {
    const madeUp = await refusedBody(
      encodeKeysetCursor({ createdAt: '2026-11-20T10:00:00.123456Z', id: 424242 }),
      cookies.south,
    );
    expect(madeUp).toMatchObject({ message: INVALID_CURSOR_MESSAGE });
    // The district manager's cursors name orders of the north district's cafés: the same answer, word for word.
    for (const page of await allPages('', 1, cookies.district)) {
      if (page.nextCursor === null) continue;
      expect(await refusedBody(page.nextCursor, cookies.south)).toEqual(madeUp);
    }
    // The café manager sees the own café only: a cursor after a sibling café's order is refused too…
    const siblingOrder = everyOrder.orders.findIndex(
      (order) => order.location.id === fx.locations.sibling.id,
    );
    const afterSibling = await list(`?limit=${siblingOrder + 1}`, cookies.district);
    expect(afterSibling.orders.at(-1)?.location.id).toBe(fx.locations.sibling.id);
    expect(await refusedBody(afterSibling.nextCursor ?? '', cookies.manager)).toEqual(madeUp);
    // …while the same cursor pages for someone who sees that café.
    expect((await list(`?cursor=${afterSibling.nextCursor}`, cookies.admin)).orders.length).toBeGreaterThan(
      0,
    );
    // And the south manager's own list pages as ever: their one order, then nothing.
    const south = await allPages('', 1, cookies.south);
    expect(ids(south)).toHaveLength(1);
  });

  test('the CSV export takes no cursor; a blank one is no cursor', async () => {
    const res = await call(app, 'GET', `/api/orders/export.csv?cursor=${everyOrder.nextCursor ?? 'x'}`, {
      cookie: cookies.district,
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'validation_failed', message: EXPORT_CURSOR_MESSAGE });
    const page = await list('?limit=1', cookies.district);
    const withPageCursor = await call(app, 'GET', `/api/orders/export.csv?cursor=${page.nextCursor}`, {
      cookie: cookies.district,
    });
    expect(withPageCursor.json).toMatchObject({ message: EXPORT_CURSOR_MESSAGE });
    const blank = await call(app, 'GET', '/api/orders/export.csv?cursor=', { cookie: cookies.district });
    expect(blank.status).toBe(200);
    // One line each, so one row per order after the header.
    expect(blank.text.split('\r\n').filter((row) => row !== '')).toHaveLength(1 + everyOrder.count);
  });

  test('none of these reached the database as an unhandled error', () => {
    expect(logger.errors.filter((line) => /Unhandled|Database refused|500/.test(line))).toEqual([]);
  });
});
