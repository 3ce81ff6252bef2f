import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { copyOrderToCartResponseSchema } from '@engine/cart-schemas.ts';
import type { Fixture } from './fixtures.ts';
import { call } from './http.ts';
import { fillCart, insertOrder } from './ordering-fixtures.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let manager: string;
let staff: string;
let own: number;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { cafeManager: manager, staff },
  } = await openTestWorld(['cafeManager', 'staff']));
  own = fx.locations.own.id;
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM orders');
  await db.query('DELETE FROM carts');
  await db.query('DELETE FROM audit_log');
});

const copy = (orderId: number, cookie = manager) =>
  call(app, 'POST', `/api/orders/${orderId}/copy-to-cart`, { cookie });

const cartQuantities = async (locationId = own) =>
  Object.fromEntries(
    (
      await db.query<{ productId: number; quantity: string }>(
        'SELECT product_id AS "productId", quantity FROM cart_items WHERE location_id = $1',
        [locationId],
      )
    ).map((row) => [row.productId, Number(row.quantity)]),
  );

describe('POST /api/orders/:id/copy-to-cart', () => {
  test("a rejected order's lines go back on the list, beside lines already there; audited with the order", async () => {
    const orderId = await insertOrder(db, {
      locationId: own,
      createdBy: fx.users.cafeManager.id,
      status: 'rejected',
      lines: [
        { productId: fx.products.milk, quantity: 6 },
        { productId: fx.products.beans, quantity: 1.5 },
      ],
    });
    await fillCart(db, own, [
      { productId: fx.products.milk, quantity: 1 },
      { productId: fx.products.cups, quantity: 3 },
    ]);

    const res = await copy(orderId);
    expect(res.status).toBe(200);
    const body = copyOrderToCartResponseSchema.parse(res.json);
    expect(body).toMatchObject({ copied: 2, skipped: [] });
    expect(Object.fromEntries(body.cart.lines.map((line) => [line.productId, line.quantity]))).toEqual({
      [fx.products.milk]: 6,
      [fx.products.beans]: 1.5,
      [fx.products.cups]: 3,
    });
    const [audit] = await db.query<{ action: string; after: { fromOrder: string } }>(
      'SELECT action, after FROM audit_log',
    );
    const [order] = await db.query<{ number: string }>('SELECT number FROM orders WHERE id = $1', [orderId]);
    expect(audit).toMatchObject({ action: 'cart.items', after: { fromOrder: order?.number } });
  });

  test('a product no longer ordered at the café is left out and named; with none left, 409 and nothing changes', async () => {
    const orderId = await insertOrder(db, {
      locationId: own,
      createdBy: fx.users.cafeManager.id,
      status: 'cancelled',
      lines: [
        { productId: fx.products.milk, quantity: 2 },
        { productId: fx.products.syrup, quantity: 4 },
      ],
    });
    await db.query(
      `INSERT INTO location_products (location_id, product_id, lifecycle) VALUES ($1, $2, 'discontinued')
       ON CONFLICT (location_id, product_id) DO UPDATE SET lifecycle = 'discontinued'`,
      [own, fx.products.syrup],
    );
    try {
      const res = await copy(orderId);
      expect(res.status).toBe(200);
      expect(copyOrderToCartResponseSchema.parse(res.json)).toMatchObject({
        copied: 1,
        skipped: ['Vanilla Syrup'],
      });
      expect(await cartQuantities()).toEqual({ [fx.products.milk]: 2 });

      await db.query('DELETE FROM carts');
      await db.query('UPDATE products SET retired_at = now() WHERE id = $1', [fx.products.milk]);
      const none = await copy(orderId);
      expect(none.status).toBe(409);
      expect(none.json).toMatchObject({
        code: 'products_not_orderable',
        message: expect.stringContaining('Oat Milk, Vanilla Syrup'),
      });
      expect(await cartQuantities()).toEqual({});
    } finally {
      await db.query('UPDATE products SET retired_at = NULL WHERE id = $1', [fx.products.milk]);
      await db.query('DELETE FROM location_products WHERE location_id = $1 AND product_id = $2', [
        own,
        fx.products.syrup,
      ]);
    }
  });

  test("staff, another café's order and an unknown order are refused; nothing is put on a list", async () => {
    const lines = [{ productId: fx.products.milk, quantity: 2 }];
    const ownOrder = await insertOrder(db, { locationId: own, createdBy: fx.users.cafeManager.id, lines });
    const foreign = await insertOrder(db, {
      locationId: fx.locations.foreign.id,
      createdBy: fx.users.admin.id,
      lines,
    });
    expect((await copy(ownOrder, staff)).status).toBe(403);
    expect((await copy(foreign)).status).toBe(404);
    expect((await copy(999999)).status).toBe(404);
    expect(await cartQuantities()).toEqual({});
    expect(await cartQuantities(fx.locations.foreign.id)).toEqual({});
  });

  test('the same order copied twice, or at once, leaves its quantities once', async () => {
    const orderId = await insertOrder(db, {
      locationId: own,
      createdBy: fx.users.cafeManager.id,
      status: 'rejected',
      lines: [{ productId: fx.products.milk, quantity: 5 }],
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => copy(orderId)));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await cartQuantities()).toEqual({ [fx.products.milk]: 5 });
  });
});
