import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { apiErrorSchema, inventoryResponseSchema } from '@engine/api-schemas.ts';
import { lockedParsDetailsSchema, parsResponseSchema } from '@engine/counting-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
let cookies: { staff: string; manager: string; district: string };
let own: number;

/** The fixture's settings at the own location: milk's PAR 6 is locked, beans have a row, cups and syrup none. */
async function resetSettings(): Promise<void> {
  await db.query('DELETE FROM location_products');
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, par_locked, lifecycle, stock_status, backordered)
     VALUES ($1, $2, 6, true, 'active', 'low', false), ($1, $3, 4.25, false, 'new', 'in_stock', true)`,
    [own, fx.products.milk, fx.products.beans],
  );
}

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  own = fx.locations.own.id;
  cookies = {
    staff: await sessionCookieFor(db, fx.users.staff.id),
    manager: await sessionCookieFor(db, fx.users.cafeManager.id),
    district: await sessionCookieFor(db, fx.users.districtManager.id),
  };
});
afterAll(() => db.close());
beforeEach(async () => {
  await resetSettings();
  await db.query('DELETE FROM audit_log');
});

const patch = (items: unknown[], cookie = cookies.manager, locationId = own) =>
  call(app, 'PATCH', '/api/pars', { cookie, body: { locationId, items } });

async function settings(): Promise<Map<number, { par: number; parLocked: boolean; lifecycle: string }>> {
  const res = await call(app, 'GET', `/api/inventory?locationId=${own}`, { cookie: cookies.manager });
  return new Map(inventoryResponseSchema.parse(res.json).items.map((item) => [item.productId, item]));
}

describe('PATCH /api/pars', () => {
  test('sets a batch of PARs; rows are created on first write; one audit row per changed product', async () => {
    const res = await patch([
      { productId: fx.products.beans, par: 8.5 },
      { productId: fx.products.cups, par: 120 },
    ]);
    expect(res.status).toBe(200);
    const body = parsResponseSchema.parse(res.json);
    expect(body.items.map((item) => [item.productName, item.par])).toEqual([
      ['Cups 12oz', 120],
      ['Espresso Beans', 8.5],
    ]);
    expect(body.items[0]).toMatchObject({
      lifecycle: 'active',
      stockStatus: 'in_stock',
      backordered: false,
      parLocked: false,
      updatedBy: { id: fx.users.cafeManager.id, name: 'Mia Manager' },
    });
    const now = await settings();
    expect(now.get(fx.products.cups)?.par).toBe(120);
    expect(now.get(fx.products.beans)?.par).toBe(8.5);

    const audit = await db.query<{ action: string; entity_id: string; before: unknown; after: unknown }>(
      `SELECT action, entity_id, before, after FROM audit_log ORDER BY entity_id`,
    );
    expect(audit).toEqual(
      [
        {
          action: 'par.update',
          entity_id: `${own}:${fx.products.beans}`,
          before: { par: 4.25 },
          after: { par: 8.5 },
        },
        {
          action: 'par.update',
          entity_id: `${own}:${fx.products.cups}`,
          before: { par: 0 },
          after: { par: 120 },
        },
      ].sort((a, b) => a.entity_id.localeCompare(b.entity_id)),
    );
  });

  test('a single PAR is a batch of one', async () => {
    const res = await patch([{ productId: fx.products.syrup, par: 0.75 }]);
    expect(parsResponseSchema.parse(res.json).items).toHaveLength(1);
    expect((await settings()).get(fx.products.syrup)?.par).toBe(0.75);
  });

  test('lifecycle, stock status and backordered change per product, beside or without the PAR', async () => {
    const res = await patch([
      { productId: fx.products.beans, lifecycle: 'phasing_out', backordered: false },
      { productId: fx.products.cups, stockStatus: 'out', backordered: true },
    ]);
    expect(res.status).toBe(200);
    const byId = new Map(parsResponseSchema.parse(res.json).items.map((item) => [item.productId, item]));
    expect(byId.get(fx.products.beans)).toMatchObject({
      par: 4.25,
      lifecycle: 'phasing_out',
      backordered: false,
    });
    expect(byId.get(fx.products.cups)).toMatchObject({ par: 0, stockStatus: 'out', backordered: true });
    const audit = await db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE entity_id = $1`,
      [`${own}:${fx.products.beans}`],
    );
    expect(audit).toEqual([
      {
        before: { lifecycle: 'new', backordered: true },
        after: { lifecycle: 'phasing_out', backordered: false },
      },
    ]);
  });

  test('a locked PAR as a café manager: 409 naming it, and the whole batch changes nothing', async () => {
    await db.query(
      `UPDATE location_products SET par_locked_by = $1, par_locked_at = '2026-11-25T14:02:00Z'
        WHERE location_id = $2 AND product_id = $3`,
      [fx.users.districtManager.id, own, fx.products.milk],
    );
    const res = await patch([
      { productId: fx.products.cups, par: 3 },
      { productId: fx.products.milk, par: 8 },
    ]);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'par_locked',
      message:
        'The PAR of Oat Milk is locked. Only someone who manages PAR locks can change it; nothing was saved.',
    });
    expect(lockedParsDetailsSchema.parse(apiErrorSchema.parse(res.json).details)).toEqual({
      lockedProducts: [
        {
          productId: fx.products.milk,
          productName: 'Oat Milk',
          // Who locked it and when, for the screen to say so in plain words.
          lockedBy: { id: fx.users.districtManager.id, name: expect.any(String) },
          lockedAt: '2026-11-25T14:02:00.000Z',
        },
      ],
      timezone: expect.any(String),
    });
    const now = await settings();
    expect(now.get(fx.products.milk)?.par).toBe(6);
    expect(now.get(fx.products.cups)?.par).toBe(0);
    expect(
      await db.query('SELECT 1 FROM location_products WHERE product_id = $1', [fx.products.cups]),
    ).toEqual([]);
    expect(await db.query('SELECT 1 FROM audit_log')).toEqual([]);
  });

  test('several locked PARs are all named', async () => {
    await db.query('UPDATE location_products SET par_locked = true WHERE product_id = $1', [
      fx.products.beans,
    ]);
    const res = await patch([
      { productId: fx.products.milk, par: 8 },
      { productId: fx.products.beans, par: 1 },
    ]);
    expect(apiErrorSchema.parse(res.json).message).toBe(
      'The PARs of Espresso Beans and Oat Milk are locked. Only someone who manages PAR locks can change them; nothing was saved.',
    );
  });

  test('a locked PAR as a district manager (par_lock_management): allowed', async () => {
    const res = await patch([{ productId: fx.products.milk, par: 8 }], cookies.district);
    expect(res.status).toBe(200);
    expect(parsResponseSchema.parse(res.json).items[0]).toMatchObject({ par: 8, parLocked: true });
  });

  test("a locked PAR's current value, or its lifecycle, may be sent by a café manager", async () => {
    const res = await patch([
      { productId: fx.products.milk, par: 6, lifecycle: 'phasing_out' },
      { productId: fx.products.cups, par: 2 },
    ]);
    expect(res.status).toBe(200);
    expect((await settings()).get(fx.products.milk)).toMatchObject({ par: 6, lifecycle: 'phasing_out' });
  });

  test('discontinuing a locked product sets its PAR aside: refused for a café manager, like in bulk (decision 028)', async () => {
    const res = await patch([
      { productId: fx.products.milk, lifecycle: 'discontinued' },
      { productId: fx.products.cups, par: 2 },
    ]);
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(res.json).code).toBe('par_locked');
    expect((await settings()).get(fx.products.milk)).toMatchObject({ lifecycle: 'active' });
    const allowed = await patch(
      [{ productId: fx.products.milk, lifecycle: 'discontinued' }],
      cookies.district,
    );
    expect(allowed.status).toBe(200);
  });

  test('unknown or retired products: 400 naming them, nothing changed', async () => {
    const res = await patch([
      { productId: fx.products.beans, par: 1 },
      { productId: 99_999, par: 1 },
      { productId: fx.products.retired, par: 1 },
    ]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation_failed',
      // The retired product by its name, as the screen shows it; a made-up id as what it is.
      message:
        'Retired Syrup is no longer sold (retired by an administrator); product 99999 does not exist; nothing was saved.',
      details: [
        { path: 'items.1.productId', message: 'no such product' },
        { path: 'items.2.productId', message: 'no longer sold (retired by an administrator)' },
      ],
    });
    expect((await settings()).get(fx.products.beans)?.par).toBe(4.25);
  });

  test('bad values: 400 with a person-readable message, nothing changed', async () => {
    for (const [items, message] of [
      [
        [{ productId: fx.products.beans, par: -1 }],
        `The PAR of product ${fx.products.beans} cannot be negative`,
      ],
      [
        [{ productId: fx.products.beans, par: 2.1 }],
        `The PAR of product ${fx.products.beans} must be a whole number or end in .25, .5 or .75`,
      ],
      [[{ productId: fx.products.beans, par: '5' }], 'par must be a number'],
      [
        [{ productId: fx.products.beans, lifecycle: 'retired' }],
        'lifecycle must be one of active, new, phasing_out, discontinued',
      ],
      [
        [{ productId: fx.products.beans }],
        `Product ${fx.products.beans} has nothing to change: send par, lifecycle, stockStatus or backordered`,
      ],
      [[], 'Send at least one item'],
    ] as const) {
      const res = await patch([...items]);
      expect({ status: res.status, message: apiErrorSchema.parse(res.json).message }).toEqual({
        status: 400,
        message,
      });
    }
    expect((await settings()).get(fx.products.beans)?.par).toBe(4.25);
  });

  test('staff may not set PARs; another location is out of scope', async () => {
    const staff = await patch([{ productId: fx.products.beans, par: 1 }], cookies.staff);
    expect(staff.status).toBe(403);
    expect(apiErrorSchema.parse(staff.json).message).toBe('You do not have permission to set PARs.');
    const foreign = await patch(
      [{ productId: fx.products.beans, par: 1 }],
      cookies.manager,
      fx.locations.sibling.id,
    );
    expect(foreign.status).toBe(403);
    expect((await settings()).get(fx.products.beans)?.par).toBe(4.25);
  });
});
