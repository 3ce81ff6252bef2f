import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import {
  EMPTY_CART_MESSAGE,
  JUST_SUBMITTED_MINUTES,
  KEY_REUSED_MESSAGE,
  SUGGESTED_FROM_CHANGED_COUNT_MESSAGE,
} from '@db/use-cases/submit-order.ts';
import { inventoryResponseSchema } from '@engine/api-schemas.ts';
import { cartSchema } from '@engine/cart-schemas.ts';
import { saveCountItemsResponseSchema } from '@engine/counting-schemas.ts';
import { submitOrderResponseSchema } from '@engine/order-schemas.ts';
import { type Fixture, sessionCookieFor } from './fixtures.ts';
import { call } from './http.ts';
import { auditActions, fillCart } from './ordering-fixtures.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let manager: string;
let own: number;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { cafeManager: manager },
  } = await openTestWorld(['cafeManager']));
  own = fx.locations.own.id;
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM orders');
  await db.query('DELETE FROM carts');
  await db.query('DELETE FROM audit_log');
});

const submit = (body: unknown, key: string | null, cookie = manager) =>
  call(app, 'POST', '/api/orders', { cookie, body, headers: key === null ? {} : { 'idempotency-key': key } });

async function cartLineCount(locationId = own): Promise<number> {
  return (await db.query('SELECT 1 FROM cart_items WHERE location_id = $1', [locationId])).length;
}

async function todayAt(locationId: number): Promise<string> {
  const [row] = await db.query<{ day: string }>(
    `SELECT to_char(now() AT TIME ZONE timezone, 'YYYYMMDD') AS day FROM locations WHERE id = $1`,
    [locationId],
  );
  return row?.day ?? '';
}

describe('POST /api/orders refusals', () => {
  test('without an Idempotency-Key header: 400, the cart untouched', async () => {
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    const res = await submit({ locationId: own }, null);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation_failed',
      message: 'The Idempotency-Key header is required: send one unique key per order, reused on retries.',
    });
    expect(await cartLineCount()).toBe(1);
    expect(await db.query('SELECT 1 FROM orders')).toHaveLength(0);
  });

  test('an empty cart: 409, no order and no audit row', async () => {
    const res = await submit({ locationId: own }, 'k-empty');
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'cart_empty', message: EMPTY_CART_MESSAGE });
    expect(await db.query('SELECT 1 FROM orders')).toHaveLength(0);
    expect(await auditActions(db)).toEqual([]);
  });

  test('staff cannot submit (403); another location is refused (403)', async () => {
    const staff = await sessionCookieFor(db, fx.users.staff.id);
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    expect((await submit({ locationId: own }, 'k-staff', staff)).status).toBe(403);
    await fillCart(db, fx.locations.foreign.id, [{ productId: fx.products.milk, quantity: 2 }]);
    expect((await submit({ locationId: fx.locations.foreign.id }, 'k-foreign')).status).toBe(403);
    expect(await db.query('SELECT 1 FROM orders')).toHaveLength(0);
  });

  test('a discontinued product on the list is refused, naming it; nothing changes', async () => {
    await fillCart(db, own, [
      { productId: fx.products.milk, quantity: 2 },
      { productId: fx.products.syrup, quantity: 1 },
    ]);
    await db.query(
      `INSERT INTO location_products (location_id, product_id, lifecycle) VALUES ($1, $2, 'discontinued')`,
      [own, fx.products.syrup],
    );
    try {
      const res = await submit({ locationId: own }, 'k-disc');
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({
        message: 'Vanilla Syrup is no longer ordered here. Remove it from the shopping list first.',
      });
      expect(await cartLineCount()).toBe(2);
      expect(await db.query('SELECT 1 FROM orders')).toHaveLength(0);
    } finally {
      await db.query('DELETE FROM location_products WHERE location_id = $1 AND product_id = $2', [
        own,
        fx.products.syrup,
      ]);
    }
  });
});

describe('POST /api/orders with the lines the screen shows', () => {
  test('a list changed on another device is not ordered; the message names what changed', async () => {
    await fillCart(db, own, [
      { productId: fx.products.milk, quantity: 10 },
      { productId: fx.products.beans, quantity: 2 },
    ]);
    const shown = [
      { productId: fx.products.milk, quantity: 1 },
      { productId: fx.products.beans, quantity: 2 },
      { productId: fx.products.syrup, quantity: 3 },
    ];
    const res = await submit({ locationId: own, expectedLines: shown }, 'k-changed');
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'cart_changed',
      message:
        'The shopping list changed on another device: Oat Milk is 10 (1 on this screen); Vanilla Syrup was removed. Nothing was ordered; check the list, then submit again.',
    });
    expect(await cartLineCount()).toBe(2);
    expect(await db.query('SELECT 1 FROM orders')).toHaveLength(0);

    // Looked at again, the same list is ordered; a retry of that submission with its stale screen is still it.
    const current = [
      { productId: fx.products.milk, quantity: 10 },
      { productId: fx.products.beans, quantity: 2 },
    ];
    const made = await submit({ locationId: own, expectedLines: current }, 'k-looked');
    expect(made.status).toBe(201);
    const again = await submit({ locationId: own, expectedLines: current }, 'k-looked');
    expect(again.status).toBe(200);
    expect(submitOrderResponseSchema.parse(again.json).order.id).toBe(
      submitOrderResponseSchema.parse(made.json).order.id,
    );
  });
});

describe('POST /api/orders with the prices the screen shows', () => {
  test('a price changed since the screen showed it is not ordered; the message names both prices', async () => {
    await fillCart(db, own, [
      { productId: fx.products.milk, quantity: 4 },
      { productId: fx.products.beans, quantity: 2 },
    ]);
    const [milk, beans] = await db.query<{ unitCost: string }>(
      'SELECT unit_cost AS "unitCost" FROM products WHERE id IN ($1, $2) ORDER BY id = $1 DESC',
      [fx.products.milk, fx.products.beans],
    );
    const shown = [
      { productId: fx.products.milk, quantity: 4, unitCost: Number(milk?.unitCost) },
      { productId: fx.products.beans, quantity: 2, unitCost: Number(beans?.unitCost) },
    ];
    await db.query('UPDATE products SET unit_cost = unit_cost + 4.5 WHERE id = $1', [fx.products.milk]);
    try {
      const res = await submit({ locationId: own, expectedLines: shown }, 'k-price');
      expect(res.status).toBe(409);
      const now = Number(milk?.unitCost) + 4.5;
      const usd = (amount: number) => `$${amount.toFixed(2)}`;
      expect(res.json).toMatchObject({
        code: 'cart_changed',
        message: `Prices changed since this screen showed them: Oat Milk costs ${usd(now)} (${usd(Number(milk?.unitCost))} on this screen). Nothing was ordered; check the list, then submit again.`,
      });
      expect(await cartLineCount()).toBe(2);
      expect(await db.query('SELECT 1 FROM orders')).toHaveLength(0);

      // Looked at again with the new price, it is ordered at that price.
      const seen = shown.map((line) =>
        line.productId === fx.products.milk ? { ...line, unitCost: now } : line,
      );
      const made = await submit({ locationId: own, expectedLines: seen }, 'k-price-seen');
      expect(made.status).toBe(201);
      const { order } = submitOrderResponseSchema.parse(made.json);
      expect(order.lines.find((line) => line.productId === fx.products.milk)?.unitCost).toBe(now);
    } finally {
      await db.query('UPDATE products SET unit_cost = unit_cost - 4.5 WHERE id = $1', [fx.products.milk]);
    }
  });

  test('a unit cost that is not a price is a 400', async () => {
    for (const unitCost of [-1, 'ten', 1e11]) {
      const res = await submit(
        { locationId: own, expectedLines: [{ productId: fx.products.milk, quantity: 1, unitCost }] },
        `k-bad-${unitCost}`,
      );
      expect(res.status).toBe(400);
    }
  });
});

describe('POST /api/orders', () => {
  test('201: the order from the cart with unit-cost snapshots, an event and an audit row; the cart is emptied', async () => {
    await fillCart(db, own, [
      { productId: fx.products.milk, quantity: 3 },
      { productId: fx.products.beans, quantity: 1.5 },
    ]);
    await db.query(`UPDATE carts SET suggested = true, note = 'from the cart' WHERE location_id = $1`, [own]);
    // A suggested list needs the count it came from still completed.
    await db.query(
      `INSERT INTO count_completions (location_id, completed_by, completed_at, items_counted, is_active)
       VALUES ($1, $2, now(), 1, true)`,
      [own, fx.users.cafeManager.id],
    );
    const res = await submit({ locationId: own }, 'k-1');
    expect(res.status).toBe(201);
    const { order, startNewCount } = submitOrderResponseSchema.parse(res.json);
    expect(startNewCount).toBe(true);
    expect(order).toMatchObject({
      number: `DT-${await todayAt(own)}-0001`,
      location: { id: own, name: 'Downtown', code: 'DT' },
      status: 'submitted',
      note: 'from the cart',
      createdBy: { id: fx.users.cafeManager.id, name: 'Mia Manager' },
      version: 1,
      lineCount: 2,
      total: 11.25,
    });
    expect(order.lines.map((l) => [l.productName, l.quantity, l.unitCost, l.lineTotal])).toEqual([
      ['Espresso Beans', 1.5, 2.5, 3.75],
      ['Oat Milk', 3, 2.5, 7.5],
    ]);
    expect(order.events).toMatchObject([
      { fromStatus: null, toStatus: 'submitted', actor: { name: 'Mia Manager' }, comment: '' },
    ]);

    const cart = cartSchema.parse((await call(app, 'GET', `/api/cart/${own}`, { cookie: manager })).json);
    expect(cart).toMatchObject({ suggested: false, note: '', lines: [] });
    expect(await auditActions(db)).toEqual(['order.submit', 'count.start']);

    // A later price change, or the product repacked, does not rewrite the submitted order: 3 cases of 12 stay
    // 3 cases of 12 in Approvals, the order sheet and the vendor's copy.
    const [{ unit } = { unit: '' }] = await db.query<{ unit: string }>(
      'SELECT unit FROM products WHERE id = $1',
      [fx.products.milk],
    );
    await db.query(`UPDATE products SET unit_cost = 9, unit = 'case of 24 × 8 oz' WHERE id = $1`, [
      fx.products.milk,
    ]);
    try {
      const detail = await call(app, 'GET', `/api/orders/${order.id}`, { cookie: manager });
      const shown = submitOrderResponseSchema.shape.order.parse(detail.json);
      expect(shown.total).toBe(11.25);
      expect(shown.lines.find((line) => line.productName === 'Oat Milk')?.unit).toBe(unit);
      const csv = await call(app, 'GET', `/api/orders/export.csv`, { cookie: manager });
      expect(csv.text).not.toContain('case of 24');
    } finally {
      await db.query('UPDATE products SET unit_cost = 2.5, unit = $2 WHERE id = $1', [
        fx.products.milk,
        unit,
      ]);
    }
  });

  test('a code another café had earlier today: the number goes on from that café’s orders, not a clash', async () => {
    // The café that had the code was recoded (DT → RV) after ordering today; its order keeps its number.
    await db.query(`INSERT INTO orders (number, location_id, created_by) VALUES ($1, $2, $3), ($4, $2, $3)`, [
      `DT-${await todayAt(own)}-0001`,
      fx.locations.sibling.id,
      fx.users.cafeManager.id,
      // A code with "_" is a LIKE wildcard: "D_-…" must not count as "DT-…", nor the reverse.
      `D_-${await todayAt(own)}-0007`,
    ]);
    // And a café that had it as "dt" (codes are unique ignoring case): its number counts too.
    await db.query(`INSERT INTO orders (number, location_id, created_by) VALUES ($1, $2, $3)`, [
      `dt-${await todayAt(own)}-0002`,
      fx.locations.sibling.id,
      fx.users.cafeManager.id,
    ]);
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 1 }]);
    const res = await submit({ locationId: own }, 'k-reused-code');
    expect(res.status).toBe(201);
    expect(submitOrderResponseSchema.parse(res.json).order.number).toBe(`DT-${await todayAt(own)}-0003`);
  });

  test('a note in the request replaces the cart note', async () => {
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 1 }]);
    await db.query(`UPDATE carts SET note = 'old' WHERE location_id = $1`, [own]);
    const res = await submit({ locationId: own, note: ' Deliver before 7am ' }, 'k-note');
    expect(submitOrderResponseSchema.parse(res.json).order.note).toBe('Deliver before 7am');
  });

  test('the same key again returns the same order with 200; a new key makes the next number', async () => {
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    const first = await submit({ locationId: own }, 'k-repeat');
    expect(first.status).toBe(201);
    const firstOrder = submitOrderResponseSchema.parse(first.json).order;

    const again = await submit({ locationId: own }, 'k-repeat');
    expect(again.status).toBe(200);
    expect(submitOrderResponseSchema.parse(again.json)).toEqual({ order: firstOrder, startNewCount: true });
    expect(await db.query('SELECT 1 FROM orders')).toHaveLength(1);

    await fillCart(db, own, [{ productId: fx.products.cups, quantity: 1 }]);
    const next = await submit({ locationId: own }, 'k-next');
    expect(next.status).toBe(201);
    expect(submitOrderResponseSchema.parse(next.json).order.number).toBe(`DT-${await todayAt(own)}-0002`);
    // The repeat did not touch the refilled cart... the new key consumed it.
    expect(await cartLineCount()).toBe(0);
    // Made by hand with no completed count: nothing to start again (decision 119).
    expect(await auditActions(db)).toEqual(['order.submit', 'order.submit']);
  });

  test('keys belong to their user: the same key from someone else is a new order', async () => {
    const district = await sessionCookieFor(db, fx.users.districtManager.id);
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    expect((await submit({ locationId: own }, 'k-shared')).status).toBe(201);
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    expect((await submit({ locationId: own }, 'k-shared', district)).status).toBe(201);
    expect(await db.query('SELECT 1 FROM orders')).toHaveLength(2);
  });

  test('a key reused for another location is refused', async () => {
    const district = await sessionCookieFor(db, fx.users.districtManager.id);
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    await fillCart(db, fx.locations.sibling.id, [{ productId: fx.products.milk, quantity: 2 }]);
    expect((await submit({ locationId: own }, 'k-loc', district)).status).toBe(201);
    const other = await submit({ locationId: fx.locations.sibling.id }, 'k-loc', district);
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ message: KEY_REUSED_MESSAGE });
    expect(await cartLineCount(fx.locations.sibling.id)).toBe(1);
  });

  test('50 identical submits at once make exactly one order and empty the cart once', async () => {
    await fillCart(db, own, [
      { productId: fx.products.milk, quantity: 2 },
      { productId: fx.products.cups, quantity: 4 },
    ]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => submit({ locationId: own }, 'k-burst')),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    const ids = new Set(results.map((res) => submitOrderResponseSchema.parse(res.json).order.id));
    expect(ids.size).toBe(1);
    const orders = await db.query<{ id: number }>('SELECT id FROM orders');
    expect(orders).toHaveLength(1);
    expect(await db.query('SELECT 1 FROM order_lines')).toHaveLength(2);
    expect(await db.query('SELECT 1 FROM order_events')).toHaveLength(1);
    expect(await cartLineCount()).toBe(0);
    expect(await auditActions(db)).toEqual(['order.submit']);
  });
  test('two tabs or two managers: the second submit names the order the list became, then nothing changes', async () => {
    const district = await sessionCookieFor(db, fx.users.districtManager.id);
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    const [first, second] = await Promise.all([
      submit({ locationId: own }, 'k-tab-1'),
      submit({ locationId: own }, 'k-tab-2', district),
    ]);
    const made = [first, second].find((res) => res.status === 201);
    const refused = [first, second].find((res) => res.status === 409);
    if (!made || !refused)
      throw new Error(`expected one order and one refusal, got ${first.status}, ${second.status}`);
    const order = submitOrderResponseSchema.parse(made.json).order;
    const [at] = await db.query<{ at: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'America/New_York', 'HH24:MI') AS at FROM orders WHERE id = $1`,
      [order.id],
    );
    const by = made === first ? 'Mia Manager' : 'Dan District';
    expect(refused.json).toMatchObject({
      code: 'cart_empty',
      message: `The shopping list is empty: it was submitted as order ${order.number} by ${by} at ${at?.at}. Orders shows it.`,
    });
    expect(await db.query('SELECT 1 FROM orders')).toHaveLength(1);
    expect(await auditActions(db)).toEqual(['order.submit']);

    // An hour on, an empty list is only empty.
    await db.query(`UPDATE orders SET created_at = now() - make_interval(mins => $1)`, [
      JUST_SUBMITTED_MINUTES + 1,
    ]);
    const later = await submit({ locationId: own }, 'k-tab-3');
    expect(later.json).toMatchObject({ code: 'cart_empty', message: EMPTY_CART_MESSAGE });
  });
});

describe("an order starts the café's next count (decision 119)", () => {
  beforeEach(async () => {
    await db.query('DELETE FROM count_completions');
    await db.query('DELETE FROM count_sessions');
  });

  const typedAt = () => new Date(Date.now() - 60_000).toISOString();
  const saveCount = (sessionId: number | null, count: number) =>
    call(app, 'POST', '/api/count-sessions/items', {
      cookie: manager,
      body: {
        locationId: own,
        sessionId,
        items: [{ productId: fx.products.milk, count, confirmed: true, typedAt: typedAt() }],
      },
    });
  const openCount = async () =>
    inventoryResponseSchema.parse(
      (await call(app, 'GET', `/api/inventory?locationId=${own}`, { cookie: manager })).json,
    );
  const activeCompletion = async () =>
    (await call(app, 'GET', `/api/count-completions/active/${own}`, { cookie: manager })).status;

  /** A count typed and completed at the café, as the order's list was made from. */
  async function completedCount(): Promise<number> {
    const saved = saveCountItemsResponseSchema.parse((await saveCount(null, 4)).json);
    const completed = await call(app, 'POST', '/api/count-completions/complete', {
      cookie: manager,
      body: { locationId: own },
    });
    expect(completed.status).toBe(201);
    return saved.countSession.id;
  }

  test('for every device at once: the count is closed with its numbers, the completion retired, the order named', async () => {
    const ordered = await completedCount();
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 6 }]);
    const res = await submit({ locationId: own }, 'k-count');
    expect(res.status).toBe(201);
    const { order } = submitOrderResponseSchema.parse(res.json);

    const after = await openCount();
    expect(after.countSession?.id).not.toBe(ordered);
    expect(after.items.filter((item) => item.count !== null)).toEqual([]);
    expect(await activeCompletion()).toBe(404);
    // The ordered count stays as that count's history.
    expect(
      await db.query('SELECT count::float8 AS count FROM count_items WHERE session_id = $1', [ordered]),
    ).toEqual([{ count: 4 }]);
    // Another phone still typing into the ordered count is told that it was restarted.
    const late = await saveCount(ordered, 5);
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'count_session_changed' });

    const [start] = await db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_log WHERE action = 'count.start'`,
    );
    expect(start?.after).toMatchObject({ closedSessionId: ordered, orderId: order.id });
    expect(await auditActions(db)).toEqual([
      'count.open',
      'count.items',
      'count.complete',
      'order.submit',
      'count.start',
    ]);
  });

  test('an order made by hand while a count is under way leaves that count to be finished', async () => {
    // A barista is counting; nothing is completed yet.
    const counting = saveCountItemsResponseSchema.parse((await saveCount(null, 4)).json).countSession.id;
    await fillCart(db, own, [{ productId: fx.products.beans, quantity: 1 }]);
    expect((await submit({ locationId: own }, 'k-top-up')).status).toBe(201);

    const after = await openCount();
    expect(after.countSession?.id).toBe(counting);
    expect(after.items.filter((item) => item.count !== null).map((item) => item.count)).toEqual([4]);
    // The barista's next number goes on into the same count.
    expect((await saveCount(counting, 5)).status).toBe(200);
    expect(await auditActions(db)).not.toContain('count.start');
  });

  test('a list suggested from a count reopened since is refused, and nothing changes', async () => {
    await completedCount();
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 6 }]);
    await db.query('UPDATE carts SET suggested = true WHERE location_id = $1', [own]);
    // A barista corrects a number after the count was completed: the completion is taken off (decision 021).
    const reopened = await saveCount(((await openCount()).countSession?.id ?? null) as number | null, 5);
    expect(reopened.status).toBe(200);
    expect(await activeCompletion()).toBe(404);
    const session = (await openCount()).countSession?.id;

    const refused = await submit({ locationId: own }, 'k-reopened');
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      code: 'count_not_completed',
      message: SUGGESTED_FROM_CHANGED_COUNT_MESSAGE,
    });
    expect(await db.query('SELECT 1 FROM orders')).toEqual([]);
    expect(await cartLineCount()).toBe(1);
    expect((await openCount()).countSession?.id).toBe(session ?? -1);

    // Completed again, the list goes; a list made by hand needs no count.
    expect(
      (
        await call(app, 'POST', '/api/count-completions/complete', {
          cookie: manager,
          body: { locationId: own },
        })
      ).status,
    ).toBe(201);
    expect((await submit({ locationId: own }, 'k-reopened')).status).toBe(201);
    await fillCart(db, own, [{ productId: fx.products.beans, quantity: 1 }]);
    expect((await submit({ locationId: own }, 'k-by-hand')).status).toBe(201);
  });

  test('a repeat of the key, or a refused submission, leaves the count alone', async () => {
    await completedCount();
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 6 }]);
    expect((await submit({ locationId: own }, 'k-once')).status).toBe(201);
    const started = (await openCount()).countSession?.id;
    const typed = saveCountItemsResponseSchema.parse((await saveCount(started ?? null, 2)).json);
    expect(typed.countSession.id).toBe(started ?? -1);

    // The retry of a made order, and an empty list: neither closes what has been typed since.
    expect((await submit({ locationId: own }, 'k-once')).status).toBe(200);
    expect((await submit({ locationId: own }, 'k-empty')).status).toBe(409);
    const now = await openCount();
    expect(now.countSession?.id).toBe(started ?? -1);
    expect(now.items.find((item) => item.productId === fx.products.milk)?.count).toBe(2);
  });
});
