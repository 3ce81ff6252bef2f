import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { inventoryResponseSchema } from '@engine/api-schemas.ts';
import { saveCountItemsResponseSchema } from '@engine/counting-schemas.ts';
import type { Fixture } from './fixtures.ts';
import { call } from './http.ts';
import { fillCart } from './ordering-fixtures.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

/*
 * Decision 123: PARs, counts and lists are keyed by product id and carry the name. A product renamed by an
 * administrator while a café counts keeps its count, PAR and list line, and a save typed before the rename
 * (an outbox holds ids) lands on the same product.
 */

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;
let staff: string;
let own: number;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin, staff },
  } = await openTestWorld(['admin', 'staff']));
  own = fx.locations.own.id;
});
afterAll(() => db.close());

const inventoryItem = async (productId: number) => {
  const res = await call(app, 'GET', `/api/inventory?locationId=${own}`, { cookie: staff });
  return inventoryResponseSchema.parse(res.json).items.find((item) => item.productId === productId);
};

const saveCount = async (sessionId: number | null, count: number) => {
  const res = await call(app, 'POST', '/api/count-sessions/items', {
    cookie: staff,
    body: {
      locationId: own,
      sessionId,
      items: [{ productId: fx.products.milk, count, confirmed: false, typedAt: new Date().toISOString() }],
    },
  });
  expect(res.status).toBe(200);
  return saveCountItemsResponseSchema.parse(res.json);
};

describe('a product renamed while a café counts', () => {
  test('keeps its count, PAR and list line under the new name; a save typed before the rename lands on it', async () => {
    const [{ name: before } = { name: '' }] = await db.query<{ name: string }>(
      'SELECT name FROM products WHERE id = $1',
      [fx.products.milk],
    );
    const { countSession } = await saveCount(null, 3);
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    const renamed = `${before} (1 L)`;
    try {
      const res = await call(app, 'PATCH', `/api/admin/products/${fx.products.milk}`, {
        cookie: admin,
        body: { name: renamed },
      });
      expect(res.status).toBe(200);

      expect(await inventoryItem(fx.products.milk)).toMatchObject({ productName: renamed, count: 3 });
      // The phone's next save was typed against the old name; it names the id, which has not moved.
      await saveCount(countSession.id, 4);
      expect(await inventoryItem(fx.products.milk)).toMatchObject({ productName: renamed, count: 4 });
      const cart = await call(app, 'GET', `/api/cart/${own}`, { cookie: staff });
      expect((cart.json as { lines: { productName: string; quantity: number }[] }).lines).toEqual([
        expect.objectContaining({ productName: renamed, quantity: 2 }),
      ]);
    } finally {
      await db.query('UPDATE products SET name = $2 WHERE id = $1', [fx.products.milk, before]);
      await db.query('DELETE FROM carts');
    }
  });
});
