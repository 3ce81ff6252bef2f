import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { apiErrorSchema } from '@engine/api-schemas.ts';
import {
  bulkInventoryResponseSchema,
  type InventoryManagementRow,
  inventoryManagementResponseSchema,
} from '@engine/inventory-management-schemas.ts';
import { openCountSession } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestWorld } from './test-world.ts';

let world: TestWorld<'staff' | 'cafeManager' | 'districtManager' | 'admin'>;
let own: number;

beforeAll(async () => {
  world = await openTestWorld(['staff', 'cafeManager', 'districtManager', 'admin']);
  own = world.fx.locations.own.id;
});
afterAll(() => world.db.close());

/** The fixture's own settings: milk's PAR 6 locked by the district manager, beans 'new' and backordered. */
beforeEach(async () => {
  const { db, fx } = world;
  await db.query('DELETE FROM audit_log');
  await db.query('DELETE FROM count_completions');
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM location_products');
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, par_locked, par_locked_by, par_locked_at,
                                    lifecycle, stock_status, backordered)
     VALUES ($1, $2, 6, true, $4, '2026-11-20T10:00:00Z', 'active', 'low', false),
            ($1, $3, 4.25, false, NULL, NULL, 'new', 'in_stock', true)`,
    [own, fx.products.milk, fx.products.beans, fx.users.districtManager.id],
  );
});

const read = async (cookie = world.cookies.cafeManager, locationId: number | string = own) =>
  call(world.app, 'GET', `/api/inventory-management?locationId=${locationId}`, { cookie });

async function rows(): Promise<Map<number, InventoryManagementRow>> {
  const res = await read();
  expect(res.status).toBe(200);
  return new Map(inventoryManagementResponseSchema.parse(res.json).items.map((row) => [row.productId, row]));
}

const bulk = (body: unknown, cookie = world.cookies.cafeManager) =>
  call(world.app, 'POST', '/api/inventory-management/bulk-change', { cookie, body });

async function audits() {
  return world.db.query<{
    action: string;
    entityId: string;
    actorId: number;
    before: unknown;
    after: unknown;
  }>(
    `SELECT action, entity_id AS "entityId", actor_id AS "actorId", before, after FROM audit_log ORDER BY entity_id`,
  );
}

describe('GET /api/inventory-management', () => {
  test('every product still sold, with defaults where nothing was saved and the lock by whom and when', async () => {
    const { fx } = world;
    const byId = await rows();
    expect([...byId.keys()].sort()).toEqual(
      [fx.products.beans, fx.products.milk, fx.products.cups, fx.products.syrup].sort(),
    );
    expect(byId.get(fx.products.milk)).toMatchObject({
      productName: 'Oat Milk',
      category: 'Dairy',
      unitCost: 2.5,
      par: 6,
      parLocked: true,
      parLockedBy: 'Dan District',
      parLockedAt: '2026-11-20T10:00:00.000Z',
      lifecycle: 'active',
      // Stored before anyone set it (the seed's value): the count decides.
      stockStatusOverride: null,
      lastCount: null,
    });
    expect(byId.get(fx.products.cups)).toMatchObject({
      par: 0,
      parLocked: false,
      parLockedBy: null,
      lifecycle: 'active',
      backordered: false,
      stockStatusOverride: null,
    });
  });

  test('the last count is the latest value of any count at this location, with who, when and which count', async () => {
    const { db, fx } = world;
    const older = await openCountSession(db, own, fx.users.staff.id, [
      { productId: fx.products.milk, count: 2 },
      { productId: fx.products.beans, count: 7 },
    ]);
    // The older count was ticked as checked; the open one not yet.
    await db.query(
      `UPDATE count_items SET updated_at = '2026-11-01T08:00:00Z', confirmed = true WHERE session_id = $1`,
      [older],
    );
    await db.query(
      `UPDATE count_sessions SET status = 'closed', started_at = '2026-11-01T07:00:00Z' WHERE id = $1`,
      [older],
    );
    await db.query(
      `INSERT INTO count_completions (location_id, session_id, completed_at, completed_by, is_active)
       VALUES ($1, $2, '2026-11-01T09:00:00Z', $3, false)`,
      [own, older, fx.users.cafeManager.id],
    );
    const current = await openCountSession(db, own, fx.users.cafeManager.id, [
      { productId: fx.products.milk, count: 5 },
      { productId: fx.products.beans, count: null },
    ]);
    // Another café's count never shows here.
    await openCountSession(db, world.fx.locations.sibling.id, fx.users.admin.id, [
      { productId: fx.products.cups, count: 40 },
    ]);

    const byId = await rows();
    expect(byId.get(fx.products.milk)?.lastCount).toMatchObject({
      value: 5,
      confirmed: false,
      countedBy: 'Mia Manager',
      countSessionId: current,
      countCompletedAt: null,
    });
    // Cleared in the open count: the last value anyone counted is the older count's.
    expect(byId.get(fx.products.beans)?.lastCount).toEqual({
      value: 7,
      confirmed: true,
      countedAt: '2026-11-01T08:00:00.000Z',
      countedBy: 'Sam Staff',
      countSessionId: older,
      countStartedAt: '2026-11-01T07:00:00.000Z',
      countCompletedAt: '2026-11-01T09:00:00.000Z',
    });
    expect(byId.get(fx.products.cups)?.lastCount).toBeNull();
  });

  test('a stock status chosen in Set PARs is a hand-set status, by whom and when', async () => {
    const { fx, app, cookies } = world;
    const res = await call(app, 'PATCH', '/api/pars', {
      cookie: cookies.cafeManager,
      body: { locationId: own, items: [{ productId: fx.products.cups, stockStatus: 'in_stock' }] },
    });
    expect(res.status).toBe(200);
    const override = (await rows()).get(fx.products.cups)?.stockStatusOverride;
    expect(override).toMatchObject({ value: 'in_stock', setBy: 'Mia Manager' });
    expect(Number.isNaN(Date.parse(override?.setAt ?? ''))).toBe(false);
  });

  test('scope: another café is 403 for a café manager, the district is open to its manager; staff may not', async () => {
    const { fx, cookies } = world;
    expect((await read(cookies.cafeManager, fx.locations.sibling.id)).status).toBe(403);
    expect((await read(cookies.cafeManager, fx.locations.foreign.id)).status).toBe(403);
    expect((await read(cookies.districtManager, fx.locations.sibling.id)).status).toBe(200);
    expect((await read(cookies.districtManager, fx.locations.foreign.id)).status).toBe(403);
    expect((await read(cookies.admin, fx.locations.foreign.id)).status).toBe(200);
    const staff = await read(cookies.staff);
    expect(staff.status).toBe(403);
    expect(apiErrorSchema.parse(staff.json).message).toBe('You do not have permission to manage inventory.');
  });

  test('a location that is no number is a 400 naming the field', async () => {
    const res = await read(world.cookies.admin, 'abc');
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.json).message).toContain('locationId');
  });
});

describe('POST /api/inventory-management/bulk-change', () => {
  test('a café manager discontinues three products: the locked one is refused with the reason, the rest change', async () => {
    const { fx } = world;
    const res = await bulk({
      locationId: own,
      productIds: [fx.products.beans, fx.products.milk, fx.products.cups],
      change: { lifecycle: 'discontinued' },
    });
    expect(res.status).toBe(200);
    const body = bulkInventoryResponseSchema.parse(res.json);
    expect(body.changed.sort()).toEqual([fx.products.beans, fx.products.cups].sort());
    expect(body.unchanged).toEqual([]);
    expect(body.refused).toEqual([
      {
        productId: fx.products.milk,
        productName: 'Oat Milk',
        reason: 'Its PAR is locked by Dan District: only someone who manages PAR locks can discontinue it.',
      },
    ]);
    const byId = await rows();
    expect(byId.get(fx.products.beans)?.lifecycle).toBe('discontinued');
    expect(byId.get(fx.products.cups)?.lifecycle).toBe('discontinued');
    expect(byId.get(fx.products.milk)?.lifecycle).toBe('active');

    const log = await audits();
    expect(log).toEqual(
      [
        {
          action: 'inventory.bulk_change',
          entityId: `${own}:${fx.products.beans}`,
          actorId: fx.users.cafeManager.id,
          before: { lifecycle: 'new' },
          after: { lifecycle: 'discontinued' },
        },
        {
          action: 'inventory.bulk_change',
          entityId: `${own}:${fx.products.cups}`,
          actorId: fx.users.cafeManager.id,
          before: { lifecycle: 'active' },
          after: { lifecycle: 'discontinued' },
        },
      ].sort((a, b) => a.entityId.localeCompare(b.entityId)),
    );
  });

  test('someone who manages PAR locks may discontinue a locked product', async () => {
    const { fx, cookies } = world;
    const res = await bulk(
      { locationId: own, productIds: [fx.products.milk], change: { lifecycle: 'discontinued' } },
      cookies.districtManager,
    );
    expect(bulkInventoryResponseSchema.parse(res.json)).toMatchObject({
      changed: [fx.products.milk],
      refused: [],
    });
    expect((await rows()).get(fx.products.milk)?.lifecycle).toBe('discontinued');
  });

  test('phasing out a locked product is not a PAR change and passes, as in Set PARs', async () => {
    const { fx } = world;
    const res = await bulk({
      locationId: own,
      productIds: [fx.products.milk],
      change: { lifecycle: 'phasing_out' },
    });
    expect(bulkInventoryResponseSchema.parse(res.json)).toMatchObject({
      changed: [fx.products.milk],
      refused: [],
    });
  });

  test('a retired or unknown product is refused per row; the others still change', async () => {
    const { fx } = world;
    const res = await bulk({
      locationId: own,
      productIds: [fx.products.retired, 2147483647, fx.products.syrup],
      change: { backordered: true },
    });
    const body = bulkInventoryResponseSchema.parse(res.json);
    expect(body.changed).toEqual([fx.products.syrup]);
    expect(body.refused).toEqual([
      {
        productId: fx.products.retired,
        productName: 'Retired Syrup',
        reason: 'This product does not exist or is no longer sold.',
      },
      {
        productId: 2147483647,
        productName: null,
        reason: 'This product does not exist or is no longer sold.',
      },
    ]);
    expect((await rows()).get(fx.products.syrup)?.backordered).toBe(true);
    const stored = await world.db.query('SELECT 1 FROM location_products WHERE product_id = $1', [
      fx.products.retired,
    ]);
    expect(stored).toEqual([]);
  });

  test('a stock status set by hand stands over the count; from_count puts the count back; each audited', async () => {
    const { fx, cookies } = world;
    const set = await bulk(
      { locationId: own, productIds: [fx.products.milk, fx.products.cups], change: { stockStatus: 'out' } },
      cookies.admin,
    );
    expect(bulkInventoryResponseSchema.parse(set.json).changed).toHaveLength(2);
    let byId = await rows();
    expect(byId.get(fx.products.milk)?.stockStatusOverride).toMatchObject({
      value: 'out',
      setBy: 'Ada Admin',
    });

    const again = await bulk(
      {
        locationId: own,
        productIds: [fx.products.milk, fx.products.beans],
        change: { stockStatus: 'from_count' },
      },
      cookies.admin,
    );
    expect(bulkInventoryResponseSchema.parse(again.json)).toMatchObject({
      changed: [fx.products.milk],
      unchanged: [fx.products.beans],
    });
    byId = await rows();
    expect(byId.get(fx.products.milk)?.stockStatusOverride).toBeNull();
    expect(byId.get(fx.products.cups)?.stockStatusOverride).toMatchObject({ value: 'out' });
    const milkLog = (await audits()).filter((row) => row.entityId === `${own}:${fx.products.milk}`);
    expect(milkLog.map((row) => [row.before, row.after])).toEqual(
      expect.arrayContaining([
        [{ stockStatusSet: null }, { stockStatusSet: 'out' }],
        [{ stockStatusSet: 'out' }, { stockStatusSet: null }],
      ]),
    );
  });

  test('values already in place are reported unchanged and write no audit row', async () => {
    const { fx } = world;
    const res = await bulk({
      locationId: own,
      productIds: [fx.products.beans],
      change: { backordered: true },
    });
    expect(bulkInventoryResponseSchema.parse(res.json)).toMatchObject({
      changed: [],
      unchanged: [fx.products.beans],
      refused: [],
    });
    expect(await audits()).toEqual([]);
  });

  test('scope and permission are the server’s: another café is 403 and nothing changes; staff is 403', async () => {
    const { fx, cookies } = world;
    const change = { productIds: [fx.products.cups], change: { lifecycle: 'new' } };
    const foreign = await bulk({ locationId: fx.locations.sibling.id, ...change });
    expect(foreign.status).toBe(403);
    expect((await bulk({ locationId: own, ...change }, cookies.staff)).status).toBe(403);
    expect(
      await world.db.query('SELECT 1 FROM location_products WHERE product_id = $1', [fx.products.cups]),
    ).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  test.each([
    [{ productIds: [], change: { lifecycle: 'new' } }, 'Select at least one product'],
    [{ productIds: [1], change: {} }, 'Say what to change: lifecycle, stockStatus or backordered'],
    [
      { productIds: [1], change: { lifecycle: 'retired' } },
      'lifecycle must be one of active, new, phasing_out, discontinued',
    ],
    [
      { productIds: [1], change: { stockStatus: 'gone' } },
      'stockStatus must be one of in_stock, low, out, from_count',
    ],
    [{ productIds: [1, 1], change: { backordered: true } }, 'Each product may be named once'],
    [{ productIds: [1], change: { par: 3 } }, 'par'],
  ])('a bad request is a 400 saying what is wrong (%j)', async (body, message) => {
    const res = await bulk({ locationId: own, ...body });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.json).message).toContain(message);
    expect(await audits()).toEqual([]);
  });
});
