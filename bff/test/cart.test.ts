import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { COUNT_NOT_COMPLETED_MESSAGE } from '@db/use-cases/suggest-cart.ts';
import { cartSchema } from '@engine/cart-schemas.ts';
import { type Fixture, openCountSession, sessionCookieFor } from './fixtures.ts';
import { call } from './http.ts';
import { auditActions, fillCart, insertOrder } from './ordering-fixtures.ts';
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
  await db.query('DELETE FROM count_completions');
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM audit_log');
});

const cartOf = async (locationId = own, cookie = manager) => {
  const res = await call(app, 'GET', `/api/cart/${locationId}`, { cookie });
  expect(res.status).toBe(200);
  return cartSchema.parse(res.json);
};
const putItems = (items: unknown, locationId = own, cookie = manager) =>
  call(app, 'PUT', `/api/cart/${locationId}/items`, { cookie, body: { items } });

describe('GET /api/cart/:locationId', () => {
  test('a location that never had a cart has an empty, unsuggested one', async () => {
    expect(await cartOf()).toEqual({
      locationId: own,
      suggested: false,
      note: '',
      updatedAt: null,
      updatedBy: null,
      lines: [],
      totals: { lineCount: 0, total: 0 },
    });
    expect(await db.query('SELECT 1 FROM carts')).toHaveLength(0);
  });

  test('another location is refused', async () => {
    const foreign = await call(app, 'GET', `/api/cart/${fx.locations.foreign.id}`, { cookie: manager });
    expect(foreign.status).toBe(403);
  });

  test('staff read their own location’s cart (View Cart needs no permission) but cannot change it', async () => {
    const staff = await sessionCookieFor(db, fx.users.staff.id);
    expect((await putItems([{ productId: fx.products.milk, quantity: 2 }])).status).toBe(200);
    const cart = await cartOf(own, staff);
    expect(cart.lines.map((line) => [line.productName, line.quantity])).toEqual([['Oat Milk', 2]]);

    const foreign = await call(app, 'GET', `/api/cart/${fx.locations.foreign.id}`, { cookie: staff });
    expect(foreign.status).toBe(403);
    const refusals = await Promise.all([
      putItems([{ productId: fx.products.milk, quantity: 5 }], own, staff),
      call(app, 'PUT', `/api/cart/${own}/note`, { cookie: staff, body: { note: 'more milk' } }),
      call(app, 'POST', `/api/cart/${own}/suggest`, { cookie: staff }),
      call(app, 'DELETE', `/api/cart/${own}`, { cookie: staff }),
      call(app, 'POST', '/api/orders', {
        cookie: staff,
        body: { locationId: own },
        headers: { 'Idempotency-Key': 'staff-try' },
      }),
    ]);
    expect(refusals.map((res) => res.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await cartOf(own, staff)).toMatchObject({ note: '', lines: [{ quantity: 2 }] });
  });
});

describe('PUT /api/cart/:locationId/items', () => {
  test('sets quantities with product details, line totals and totals; audited', async () => {
    const res = await putItems([
      { productId: fx.products.milk, quantity: 3 },
      { productId: fx.products.cups, quantity: 1.5 },
    ]);
    expect(res.status).toBe(200);
    const cart = cartSchema.parse(res.json);
    // Coffee, Dairy, Supplies by category display order.
    expect(cart.lines).toEqual([
      {
        productId: fx.products.milk,
        productName: 'Oat Milk',
        category: 'Dairy',
        subcategory: null,
        unit: 'each',
        unitCost: 2.5,
        quantity: 3,
        suggestedQuantity: null,
        neededQuantity: null,
        lineTotal: 7.5,
        orderable: true,
      },
      {
        productId: fx.products.cups,
        productName: 'Cups 12oz',
        category: 'Supplies',
        subcategory: 'Cups',
        unit: 'each',
        unitCost: 2.5,
        quantity: 1.5,
        suggestedQuantity: null,
        neededQuantity: null,
        lineTotal: 3.75,
        orderable: true,
      },
    ]);
    expect(cart.totals).toEqual({ lineCount: 2, total: 11.25 });
    expect(cart.updatedBy).toEqual({ id: fx.users.cafeManager.id, name: 'Mia Manager' });
    const audit = await db.query<{ action: string; after: unknown }>('SELECT action, after FROM audit_log');
    expect(audit).toEqual([
      {
        action: 'cart.items',
        after: { quantities: { [fx.products.milk]: 3, [fx.products.cups]: 1.5 } },
      },
    ]);
  });

  test('0 or null removes a line; the last change of a product in a batch wins', async () => {
    await putItems([
      { productId: fx.products.milk, quantity: 3 },
      { productId: fx.products.cups, quantity: 2 },
      { productId: fx.products.beans, quantity: 1 },
    ]);
    const res = await putItems([
      { productId: fx.products.milk, quantity: 0 },
      { productId: fx.products.cups, quantity: null },
      { productId: fx.products.beans, quantity: 4 },
      { productId: fx.products.beans, quantity: 6 },
    ]);
    expect(cartSchema.parse(res.json).lines.map((l) => [l.productId, l.quantity])).toEqual([
      [fx.products.beans, 6],
    ]);
  });

  test('a later batch overwrites an earlier one (last write wins)', async () => {
    await putItems([{ productId: fx.products.milk, quantity: 3 }]);
    await putItems([{ productId: fx.products.milk, quantity: 5 }]);
    expect((await cartOf()).lines.map((l) => l.quantity)).toEqual([5]);
  });

  test('bad quantities are a 400 naming the problem; nothing is saved', async () => {
    const negative = await putItems([{ productId: fx.products.milk, quantity: -1 }]);
    expect(negative.status).toBe(400);
    expect(negative.json).toMatchObject({
      code: 'validation_failed',
      message: 'quantity cannot be negative',
    });
    const decimals = await putItems([{ productId: fx.products.milk, quantity: 1.234 }]);
    expect(decimals.json).toMatchObject({ message: 'quantity can have at most 2 decimal places' });
    expect((await putItems([])).json).toMatchObject({ message: 'items must name at least one product' });
    expect((await cartOf()).lines).toEqual([]);
  });

  test('unknown and retired products are refused; discontinued ones too, but can still be removed', async () => {
    const unknown = await putItems([
      { productId: fx.products.milk, quantity: 1 },
      { productId: 999999, quantity: 1 },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: 'Product 999999 does not exist; nothing was saved.' });
    const retired = await putItems([{ productId: fx.products.retired, quantity: 1 }]);
    expect(retired.status).toBe(400);
    expect(retired.json).toMatchObject({
      message: 'Retired Syrup is no longer sold (retired by an administrator); nothing was saved.',
    });

    await fillCart(db, own, [{ productId: fx.products.syrup, quantity: 2 }]);
    await db.query(
      `INSERT INTO location_products (location_id, product_id, lifecycle) VALUES ($1, $2, 'discontinued')`,
      [own, fx.products.syrup],
    );
    try {
      const discontinued = await putItems([{ productId: fx.products.syrup, quantity: 3 }]);
      expect(discontinued.status).toBe(409);
      expect(discontinued.json).toMatchObject({
        message: 'Vanilla Syrup is discontinued at this location and cannot be ordered.',
      });
      expect((await putItems([{ productId: fx.products.syrup, quantity: 0 }])).status).toBe(200);
      expect((await cartOf()).lines).toEqual([]);
    } finally {
      await db.query('DELETE FROM location_products WHERE location_id = $1 AND product_id = $2', [
        own,
        fx.products.syrup,
      ]);
    }
    expect(await auditActions(db)).toEqual(['cart.items']);
  });
});

describe('batches delivered out of order (decision 124)', () => {
  const at = (minute: number) => new Date(Date.now() - 60 * 60_000 + minute * 60_000).toISOString();
  const quantityOf = async (productId: number) =>
    (await cartOf()).lines.find((line) => line.productId === productId)?.quantity ?? null;

  test('an older typed quantity delivered after a newer one is not applied; nor is an older removal', async () => {
    expect((await putItems([{ productId: fx.products.milk, quantity: 8, typedAt: at(2) }])).status).toBe(200);
    // The batch typed a minute earlier, held up on the network, arrives now.
    const late = await putItems([{ productId: fx.products.milk, quantity: 5, typedAt: at(1) }]);
    expect(late.status).toBe(200);
    expect(
      cartSchema.parse(late.json).lines.find((line) => line.productId === fx.products.milk)?.quantity,
    ).toBe(8);
    expect(await putItems([{ productId: fx.products.milk, quantity: 0, typedAt: at(1) }])).toMatchObject({
      status: 200,
    });
    expect(await quantityOf(fx.products.milk)).toBe(8);

    // A removal typed later is applied, and a quantity typed before it, delivered after it, does not bring it back.
    await putItems([{ productId: fx.products.milk, quantity: null, typedAt: at(3) }]);
    expect(await quantityOf(fx.products.milk)).toBeNull();
    await putItems([{ productId: fx.products.milk, quantity: 6, typedAt: at(2.5) }]);
    expect(await quantityOf(fx.products.milk)).toBeNull();
    await putItems([{ productId: fx.products.milk, quantity: 7, typedAt: at(4) }]);
    expect(await quantityOf(fx.products.milk)).toBe(7);

    // Only applied changes are audited.
    const audited = await db.query<{ after: { quantities: Record<string, number | null> } }>(
      `SELECT after FROM audit_log WHERE action = 'cart.items' ORDER BY id`,
    );
    expect(audited.map((row) => row.after.quantities[String(fx.products.milk)])).toEqual([8, null, 7]);
  });

  test('in one batch, each product is judged on its own time; a change with no time applies as it arrives', async () => {
    await putItems([
      { productId: fx.products.milk, quantity: 4, typedAt: at(10) },
      { productId: fx.products.cups, quantity: 2, typedAt: at(10) },
    ]);
    await putItems([
      { productId: fx.products.milk, quantity: 1, typedAt: at(9) },
      { productId: fx.products.cups, quantity: 3, typedAt: at(11) },
    ]);
    expect([await quantityOf(fx.products.milk), await quantityOf(fx.products.cups)]).toEqual([4, 3]);
    await putItems([{ productId: fx.products.milk, quantity: 9 }]);
    expect(await quantityOf(fx.products.milk)).toBe(9);
    // It does not hold back a change typed a moment before the server's clock (a phone running slow).
    await putItems([
      { productId: fx.products.milk, quantity: 10, typedAt: new Date(Date.now() - 5_000).toISOString() },
    ]);
    expect(await quantityOf(fx.products.milk)).toBe(10);
    // A time in the future counts as now: it cannot lock the line against what is typed next.
    await putItems([
      { productId: fx.products.cups, quantity: 5, typedAt: new Date(Date.now() + 3_600_000).toISOString() },
    ]);
    await putItems([
      { productId: fx.products.cups, quantity: 6, typedAt: new Date(Date.now() + 1_000).toISOString() },
    ]);
    expect(await quantityOf(fx.products.cups)).toBe(6);
  });

  test('a bad typedAt is a 400 naming it', async () => {
    const res = await putItems([{ productId: fx.products.milk, quantity: 1, typedAt: 'yesterday' }]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: expect.stringContaining('typedAt') });
  });
});

describe('a line whose product stopped being ordered after it went on the list', () => {
  test('reads as not orderable when retired or discontinued here, and orderable again once it is back', async () => {
    await fillCart(db, own, [
      { productId: fx.products.milk, quantity: 1 },
      { productId: fx.products.syrup, quantity: 2 },
    ]);
    const orderable = async () =>
      Object.fromEntries((await cartOf()).lines.map((line) => [line.productName, line.orderable]));
    expect(await orderable()).toEqual({ 'Oat Milk': true, 'Vanilla Syrup': true });

    await db.query(
      `INSERT INTO location_products (location_id, product_id, lifecycle) VALUES ($1, $2, 'discontinued')`,
      [own, fx.products.syrup],
    );
    await db.query('UPDATE products SET retired_at = now() WHERE id = $1', [fx.products.milk]);
    try {
      expect(await orderable()).toEqual({ 'Oat Milk': false, 'Vanilla Syrup': false });
      // Discontinued at another café only: still ordered here.
      await db.query('DELETE FROM location_products WHERE location_id = $1 AND product_id = $2', [
        own,
        fx.products.syrup,
      ]);
      await db.query(
        `INSERT INTO location_products (location_id, product_id, lifecycle) VALUES ($1, $2, 'discontinued')`,
        [fx.locations.sibling.id, fx.products.syrup],
      );
      expect(await orderable()).toEqual({ 'Oat Milk': false, 'Vanilla Syrup': true });
    } finally {
      await db.query('UPDATE products SET retired_at = NULL WHERE id = $1', [fx.products.milk]);
      await db.query('DELETE FROM location_products WHERE product_id = $1 AND lifecycle = $2', [
        fx.products.syrup,
        'discontinued',
      ]);
    }
    expect(await orderable()).toEqual({ 'Oat Milk': true, 'Vanilla Syrup': true });
  });
});

describe('note and Clear Shopping List', () => {
  test('PUT note saves it trimmed; DELETE empties the lines, clears suggested and keeps the note', async () => {
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    await db.query('UPDATE carts SET suggested = true WHERE location_id = $1', [own]);
    const noted = await call(app, 'PUT', `/api/cart/${own}/note`, {
      cookie: manager,
      body: { note: '  Friday  ' },
    });
    expect(cartSchema.parse(noted.json).note).toBe('Friday');

    const cleared = await call(app, 'DELETE', `/api/cart/${own}`, { cookie: manager });
    expect(cleared.status).toBe(200);
    expect(cartSchema.parse(cleared.json)).toMatchObject({ suggested: false, note: 'Friday', lines: [] });
    expect(await auditActions(db)).toEqual(['cart.note', 'cart.clear']);
  });

  test('a note that is too long is a 400', async () => {
    const res = await call(app, 'PUT', `/api/cart/${own}/note`, {
      cookie: manager,
      body: { note: 'x'.repeat(1001) },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: 'A note can be at most 1000 characters' });
  });
});

describe('POST /api/cart/:locationId/suggest', () => {
  const suggest = (locationId = own, cookie = manager) =>
    call(app, 'POST', `/api/cart/${locationId}/suggest`, { cookie });

  test('refused with Count Not Completed while the location has no active completion; nothing changes', async () => {
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    const res = await suggest();
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'count_not_completed',
      message: COUNT_NOT_COMPLETED_MESSAGE,
      details: { title: 'Count Not Completed' },
    });
    expect(await cartOf()).toMatchObject({
      suggested: false,
      lines: [{ productId: fx.products.milk, quantity: 2 }],
    });
    expect(await auditActions(db)).toEqual([]);
  });

  test('fills the list from the completed count by the rule: capped, discontinued and unconfirmed left out', async () => {
    const [sugar] = await db.query<{ id: number }>(
      `INSERT INTO products (name, cafe_order_category, unit_cost) VALUES ('Sugar', 'Supplies', 1) RETURNING id`,
    );
    const sugarId = sugar?.id ?? 0;
    // Beans: PAR 20, counted 2 → 18, capped at its maximum of 10. Milk: PAR 6, counted 1 → 5.
    // Cups: unconfirmed. Syrup: discontinued. Sugar: counted above PAR (0, not a line). Retired: not sold.
    await db.query(
      `INSERT INTO location_products (location_id, product_id, par, lifecycle) VALUES
         ($1, $2, 8, 'discontinued'), ($1, $3, 5, 'active'), ($1, $4, 2, 'active'), ($1, $5, 9, 'active')
       ON CONFLICT (location_id, product_id) DO UPDATE SET par = excluded.par, lifecycle = excluded.lifecycle`,
      [own, fx.products.syrup, fx.products.cups, sugarId, fx.products.retired],
    );
    await db.query('UPDATE location_products SET par = 20 WHERE location_id = $1 AND product_id = $2', [
      own,
      fx.products.beans,
    ]);
    try {
      const sessionId = await openCountSession(db, own, fx.users.staff.id, [
        { productId: fx.products.beans, count: 2, confirmed: true },
        { productId: fx.products.milk, count: 1, confirmed: true },
        { productId: fx.products.cups, count: 1, confirmed: false },
        { productId: fx.products.syrup, count: 0, confirmed: true },
        { productId: sugarId, count: 5, confirmed: true },
        { productId: fx.products.retired, count: 0, confirmed: true },
      ]);
      await db.query(
        'INSERT INTO count_completions (location_id, session_id, completed_by, items_counted) VALUES ($1, $2, $3, 6)',
        [own, sessionId, fx.users.cafeManager.id],
      );
      // A line typed by hand before is replaced by the suggestions.
      await fillCart(db, own, [{ productId: fx.products.cups, quantity: 7 }]);

      const res = await suggest();
      expect(res.status).toBe(200);
      const cart = cartSchema.parse(res.json);
      expect(cart.suggested).toBe(true);
      expect(cart.lines.map((l) => [l.productName, l.quantity, l.suggestedQuantity])).toEqual([
        ['Espresso Beans', 10, 10],
        ['Oat Milk', 5, 5],
      ]);
      expect(cart.totals).toEqual({ lineCount: 2, total: 37.5 });

      // Pressing it again gives the same list, not doubled quantities.
      const again = cartSchema.parse((await suggest()).json);
      expect(again.lines.map((l) => l.quantity)).toEqual([10, 5]);
      expect(await auditActions(db)).toEqual(['cart.suggest', 'cart.suggest']);

      // An edited suggestion keeps what was suggested beside it.
      const edited = cartSchema.parse((await putItems([{ productId: fx.products.milk, quantity: 8 }])).json);
      expect(edited.lines.find((l) => l.productId === fx.products.milk)).toMatchObject({
        quantity: 8,
        suggestedQuantity: 5,
      });
    } finally {
      await db.query('UPDATE location_products SET par = 4.25 WHERE location_id = $1 AND product_id = $2', [
        own,
        fx.products.beans,
      ]);
      await db.query(
        'DELETE FROM location_products WHERE location_id = $1 AND product_id IN ($2, $3, $4, $5)',
        [own, fx.products.syrup, fx.products.cups, sugarId, fx.products.retired],
      );
      await db.query('DELETE FROM carts');
      await db.query('DELETE FROM count_sessions');
      await db.query('DELETE FROM products WHERE id = $1', [sugarId]);
    }
  });

  test('after an order submitted since the count, suggesting again is refused naming it, unless asked again', async () => {
    const [before] = await db.query<{ timezone: string }>('SELECT timezone FROM locations WHERE id = $1', [
      own,
    ]);
    await db.query(`UPDATE locations SET timezone = 'America/New_York' WHERE id = $1`, [own]);
    try {
      const sessionId = await openCountSession(db, own, fx.users.staff.id, [
        { productId: fx.products.milk, count: 4, confirmed: true },
      ]);
      await db.query(
        `INSERT INTO count_completions (location_id, session_id, completed_by, items_counted, completed_at)
         VALUES ($1, $2, $3, 1, '2026-03-02T12:50:00Z')`,
        [own, sessionId, fx.users.cafeManager.id],
      );
      const orderId = await insertOrder(db, {
        locationId: own,
        createdBy: fx.users.cafeManager.id,
        lines: [{ productId: fx.products.milk, quantity: 2 }],
      });
      await db.query(
        `UPDATE orders SET number = 'DT-20260302-0001', created_at = '2026-03-02T15:33:00Z' WHERE id = $1`,
        [orderId],
      );
      await fillCart(db, own, [{ productId: fx.products.cups, quantity: 3 }]);

      const refused = await suggest();
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({
        code: 'count_already_ordered',
        message:
          'Order DT-20260302-0001 was submitted by Mia Manager on 2026-03-02 at 10:33, after this count was completed on 2026-03-02 at 07:50. Suggesting again would order the same shortfall twice.',
        details: { title: 'Already Ordered', orderNumber: 'DT-20260302-0001' },
      });
      expect((await cartOf()).lines.map((l) => [l.productId, l.quantity])).toEqual([[fx.products.cups, 3]]);
      expect(await auditActions(db)).toEqual([]);

      const again = await call(app, 'POST', `/api/cart/${own}/suggest?again=true`, { cookie: manager });
      expect(again.status).toBe(200);
      expect(cartSchema.parse(again.json).lines.map((l) => [l.productId, l.quantity])).toEqual([
        [fx.products.milk, 2],
      ]);
      const unclear = await call(app, 'POST', `/api/cart/${own}/suggest?again=maybe`, { cookie: manager });
      expect(unclear.status).toBe(400);
      expect(unclear.json).toMatchObject({ message: "again must be 'true' or 'false'" });

      // A cancelled (or rejected) order left the shortfall unordered: suggesting is plain again.
      await db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [orderId]);
      expect((await suggest()).status).toBe(200);
    } finally {
      await db.query('UPDATE locations SET timezone = $2 WHERE id = $1', [own, before?.timezone ?? 'UTC']);
    }
  });

  test('only the completed count counts, not a newer open one', async () => {
    const completed = await openCountSession(db, own, fx.users.staff.id, [
      { productId: fx.products.milk, count: 4, confirmed: true },
    ]);
    await db.query(
      'INSERT INTO count_completions (location_id, session_id, completed_by, items_counted) VALUES ($1, $2, $3, 1)',
      [own, completed, fx.users.cafeManager.id],
    );
    await db.query(`UPDATE count_sessions SET status = 'closed' WHERE id = $1`, [completed]);
    await openCountSession(db, own, fx.users.staff.id, [
      { productId: fx.products.milk, count: 0, confirmed: true },
    ]);
    const cart = cartSchema.parse((await suggest()).json);
    // Milk PAR 6 − 4 counted in the completed session = 2 (the open session's 0 would give 6).
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([[fx.products.milk, 2]]);
  });
});
