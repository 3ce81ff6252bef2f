import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { parLockChangeResponseSchema, parLocksResponseSchema } from '@engine/par-lock-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';
import { auditActions } from './ordering-fixtures.ts';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
let district: string;
let own: number;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  district = await sessionCookieFor(db, fx.users.districtManager.id);
  own = fx.locations.own.id;
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM location_products WHERE location_id = $1', [own]);
  // The fixture's settings: milk PAR 6 locked (by nobody recorded), beans PAR 4.25 unlocked.
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, par_locked, lifecycle)
     VALUES ($1, $2, 6, true, 'active'), ($1, $3, 4.25, false, 'new')`,
    [own, fx.products.milk, fx.products.beans],
  );
  await db.query('DELETE FROM audit_log');
});

const change = (body: unknown, locationId = own, cookie = district) =>
  call(app, 'POST', `/api/par-locks/${locationId}`, { cookie, body });
const lockedNames = (products: { productName: string; locked: boolean }[]) =>
  products.filter((p) => p.locked).map((p) => p.productName);

describe('GET /api/par-locks/:locationId', () => {
  test('every product still sold, with PAR, category and lock', async () => {
    const res = await call(app, 'GET', `/api/par-locks/${own}`, { cookie: district });
    expect(res.status).toBe(200);
    const body = parLocksResponseSchema.parse(res.json);
    expect(body.products.map((p) => [p.productName, p.category, p.par, p.locked])).toEqual([
      ['Espresso Beans', 'Coffee', 4.25, false],
      ['Vanilla Syrup', 'Coffee', 0, false],
      ['Oat Milk', 'Dairy', 6, true],
      ['Cups 12oz', 'Supplies', 0, false],
    ]);
    expect(body.lockedCount).toBe(1);
  });
});

describe('POST /api/par-locks/:locationId', () => {
  test('locks named products, creating their location rows; who and when are recorded and audited', async () => {
    const res = await change({
      scope: 'products',
      productIds: [fx.products.beans, fx.products.cups],
      locked: true,
    });
    expect(res.status).toBe(200);
    const body = parLockChangeResponseSchema.parse(res.json);
    expect(body.changed).toBe(2);
    expect(lockedNames(body.products)).toEqual(['Espresso Beans', 'Oat Milk', 'Cups 12oz']);
    const cups = body.products.find((p) => p.productId === fx.products.cups);
    expect(cups).toMatchObject({
      par: 0,
      lockedBy: { id: fx.users.districtManager.id, name: 'Dan District' },
    });
    expect(cups?.lockedAt).not.toBeNull();
    const audit = await db.query<{ action: string; entity_id: string; after: unknown }>(
      'SELECT action, entity_id, after FROM audit_log ORDER BY entity_id',
    );
    expect(audit).toEqual(
      [fx.products.beans, fx.products.cups]
        .map((id) => ({
          action: 'par.lock',
          entity_id: `${own}:${id}`,
          after: { parLocked: true, scope: 'products' },
        }))
        .sort((a, b) => a.entity_id.localeCompare(b.entity_id)),
    );
    // PAR values are not touched by locking.
    const [beans] = await db.query<{ par: number }>(
      'SELECT par FROM location_products WHERE location_id = $1 AND product_id = $2',
      [own, fx.products.beans],
    );
    expect(beans?.par).toBe(4.25);
  });

  test('locking a locked PAR changes nothing and keeps who locked it and when', async () => {
    await change({ scope: 'products', productIds: [fx.products.cups], locked: true });
    const before = await db.query(
      'SELECT par_locked_by, par_locked_at FROM location_products WHERE product_id = $1',
      [fx.products.cups],
    );
    const admin = await sessionCookieFor(db, fx.users.admin.id);
    const again = parLockChangeResponseSchema.parse(
      (await change({ scope: 'products', productIds: [fx.products.cups], locked: true }, own, admin)).json,
    );
    expect(again.changed).toBe(0);
    expect(
      await db.query('SELECT par_locked_by, par_locked_at FROM location_products WHERE product_id = $1', [
        fx.products.cups,
      ]),
    ).toEqual(before);
    expect(await auditActions(db)).toEqual(['par.lock']);
  });

  test('by category and all at once; unlocking forgets who locked', async () => {
    const dairy = parLockChangeResponseSchema.parse(
      (await change({ scope: 'category', category: 'Dairy', locked: false })).json,
    );
    expect(dairy.changed).toBe(1);
    expect(lockedNames(dairy.products)).toEqual([]);
    expect(dairy.products.find((p) => p.productId === fx.products.milk)).toMatchObject({
      lockedBy: null,
      lockedAt: null,
    });

    const all = parLockChangeResponseSchema.parse((await change({ scope: 'all', locked: true })).json);
    expect(all.changed).toBe(4);
    expect(all.lockedCount).toBe(4);
    // The retired product is not part of "all".
    expect(
      await db.query('SELECT 1 FROM location_products WHERE product_id = $1', [fx.products.retired]),
    ).toHaveLength(0);
    expect(await auditActions(db)).toEqual(['par.unlock', 'par.lock', 'par.lock', 'par.lock', 'par.lock']);
  });

  test('bad requests are 400s naming the problem; nothing changes', async () => {
    const unknown = await change({ scope: 'products', productIds: [fx.products.retired], locked: true });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      message: 'Retired Syrup is no longer sold (retired by an administrator); nothing was saved.',
    });
    const noCategory = await change({ scope: 'category', category: 'Pastry', locked: true });
    expect(noCategory.json).toMatchObject({ message: "No products are sold in the category 'Pastry'." });
    const noIds = await change({ scope: 'products', locked: true });
    expect(noIds.json).toMatchObject({ message: "Name the products to change with scope 'products'" });
    // One product's lock sent with a wider scope would lock the whole café or category.
    const oneAsAll = await change({ scope: 'all', productIds: [fx.products.cups], locked: true });
    expect(oneAsAll.status).toBe(400);
    expect(oneAsAll.json).toMatchObject({
      message: "productIds can only be sent with scope 'products', not 'all'",
    });
    const oneAsCategory = await change({
      scope: 'category',
      category: 'Dairy',
      productIds: [fx.products.cups],
      locked: true,
    });
    expect(oneAsCategory.json).toMatchObject({
      message: "productIds can only be sent with scope 'products', not 'category'",
    });
    const categoryAsProducts = await change({
      scope: 'products',
      category: 'Dairy',
      productIds: [fx.products.cups],
      locked: true,
    });
    expect(categoryAsProducts.json).toMatchObject({
      message: "category can only be sent with scope 'category', not 'products'",
    });
    expect(await auditActions(db)).toEqual([]);
  });

  test('a café manager may not lock; a district manager not outside their district', async () => {
    const manager = await sessionCookieFor(db, fx.users.cafeManager.id);
    expect((await change({ scope: 'all', locked: true }, own, manager)).status).toBe(403);
    expect((await change({ scope: 'all', locked: true }, fx.locations.foreign.id)).status).toBe(403);
    expect(await auditActions(db)).toEqual([]);
  });
});
