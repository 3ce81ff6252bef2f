import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { cartSchema } from '@engine/cart-schemas.ts';
import { type Fixture, openCountSession } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let manager: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { cafeManager: manager },
  } = await openTestWorld(['cafeManager']));
});
afterAll(() => db.close());

describe('POST /api/cart/:locationId/suggest with products bought whole (decision 022)', () => {
  test('rounds a whole product up to whole units and keeps the exact need beside it', async () => {
    const own = fx.locations.own.id;
    const [lids, tea] = await db.query<{ id: number }>(
      `INSERT INTO products (name, unit, cafe_order_category, unit_cost, bought_whole, maximum_stock_quantity) VALUES
         ('Lids', 'case of 500', 'Supplies', 40, true, NULL),
         ('Loose Tea', 'lb', 'Supplies', 12, false, NULL)
       RETURNING id`,
    );
    const lidsId = lids?.id ?? 0;
    const teaId = tea?.id ?? 0;
    await db.query(
      `INSERT INTO location_products (location_id, product_id, par, lifecycle) VALUES
         ($1, $2, 2, 'active'), ($1, $3, 2, 'active')`,
      [own, lidsId, teaId],
    );
    const sessionId = await openCountSession(db, own, fx.users.staff.id, [
      { productId: lidsId, count: 1.5, confirmed: true },
      { productId: teaId, count: 1.5, confirmed: true },
    ]);
    await db.query(
      'INSERT INTO count_completions (location_id, session_id, completed_by, items_counted) VALUES ($1, $2, $3, 2)',
      [own, sessionId, fx.users.cafeManager.id],
    );

    const res = await call(app, 'POST', `/api/cart/${own}/suggest`, { cookie: manager });
    expect(res.status).toBe(200);
    const cart = cartSchema.parse(res.json);
    expect(
      cart.lines.map((line) => [
        line.productName,
        line.quantity,
        line.suggestedQuantity,
        line.neededQuantity,
      ]),
    ).toEqual([
      ['Lids', 1, 1, 0.5],
      ['Loose Tea', 0.5, 0.5, 0.5],
    ]);
    expect(cart.totals.total).toBe(46);
  });
});
