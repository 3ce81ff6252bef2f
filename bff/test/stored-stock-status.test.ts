import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { importPars } from '@db/use-cases/import-pars.ts';
import { inventoryResponseSchema } from '@engine/api-schemas.ts';
import { shownStockStatus } from '@engine/inventory-management.ts';
import { inventoryManagementResponseSchema } from '@engine/inventory-management-schemas.ts';
import { openCountSession } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestWorld } from './test-world.ts';

/**
 * Decision 028: the stored stock status (what Set PARs reads through GET /api/inventory) is kept equal to the
 * status Inventory Management derives from the latest count against the PAR, for every product nobody set a
 * status for by hand: written when a count is completed, when a PAR changes (Set PARs, a PAR import) and
 * when the bulk change hands a status back to the count.
 */

let world: TestWorld<'staff' | 'cafeManager'>;
let own: number;

beforeAll(async () => {
  world = await openTestWorld(['staff', 'cafeManager']);
  own = world.fx.locations.own.id;
});
afterAll(() => world.db.close());

/** Milk PAR 6, beans PAR 4, cups PAR 10 with 'out' set by hand; every stored status the column's default. */
beforeEach(async () => {
  const { db, fx } = world;
  await db.query('DELETE FROM audit_log');
  await db.query('DELETE FROM count_completions');
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM location_products');
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, stock_status, stock_status_set_at, stock_status_set_by)
     VALUES ($1, $2, 6, 'in_stock', NULL, NULL), ($1, $3, 4, 'in_stock', NULL, NULL),
            ($1, $4, 10, 'out', now(), $5)`,
    [own, fx.products.milk, fx.products.beans, fx.products.cups, fx.users.cafeManager.id],
  );
});

const manager = () => world.cookies.cafeManager;

/** The stored status of each product, as Set PARs reads it. */
async function stored(): Promise<Map<number, string>> {
  const res = await call(world.app, 'GET', `/api/inventory?locationId=${own}`, { cookie: manager() });
  expect(res.status).toBe(200);
  return new Map(
    inventoryResponseSchema.parse(res.json).items.map((item) => [item.productId, item.stockStatus]),
  );
}

/** Set PARs' stored status must be Inventory Management's shown one for every product with a status. */
async function expectStoredMatchesDerived(): Promise<void> {
  const res = await call(world.app, 'GET', `/api/inventory-management?locationId=${own}`, {
    cookie: manager(),
  });
  expect(res.status).toBe(200);
  const statuses = await stored();
  for (const row of inventoryManagementResponseSchema.parse(res.json).items) {
    const shown = shownStockStatus({
      override: row.stockStatusOverride?.value ?? null,
      lastCount: row.lastCount?.value ?? null,
      par: row.par,
    });
    if (shown.status !== null)
      expect([row.productName, statuses.get(row.productId)]).toEqual([row.productName, shown.status]);
  }
}

async function completeCountOf(items: { productId: number; count: number }[]): Promise<void> {
  await openCountSession(
    world.db,
    own,
    world.fx.users.staff.id,
    items.map((item) => ({ ...item, confirmed: true })),
  );
  const res = await call(world.app, 'POST', '/api/count-completions/complete', {
    cookie: manager(),
    body: { locationId: own },
  });
  expect(res.status).toBe(201);
}

describe('the stored stock status follows the count', () => {
  test('a completed count stores low, out and in stock against the PAR; a hand-set status stays', async () => {
    const { fx } = world;
    await completeCountOf([
      { productId: fx.products.milk, count: 2 },
      { productId: fx.products.beans, count: 0 },
      { productId: fx.products.cups, count: 50 },
    ]);
    const statuses = await stored();
    expect(statuses.get(fx.products.milk)).toBe('low');
    expect(statuses.get(fx.products.beans)).toBe('out');
    expect(statuses.get(fx.products.cups)).toBe('out');
    await expectStoredMatchesDerived();
    // The derived write is the count's consequence, not a person's choice: nothing is marked as set by hand.
    const [row] = await world.db.query<{ setAt: unknown }>(
      'SELECT stock_status_set_at AS "setAt" FROM location_products WHERE location_id = $1 AND product_id = $2',
      [own, fx.products.milk],
    );
    expect(row?.setAt).toBeNull();
  });

  test('a new PAR in Set PARs stores the status the last count gives against it', async () => {
    const { fx } = world;
    await completeCountOf([{ productId: fx.products.milk, count: 5 }]);
    expect((await stored()).get(fx.products.milk)).toBe('low');
    const res = await call(world.app, 'PATCH', '/api/pars', {
      cookie: manager(),
      body: { locationId: own, items: [{ productId: fx.products.milk, par: 5 }] },
    });
    expect(res.status).toBe(200);
    expect((await stored()).get(fx.products.milk)).toBe('in_stock');
    await expectStoredMatchesDerived();
  });

  test('"From the last count" in the bulk change stores what the count says, not the default', async () => {
    const { fx } = world;
    await completeCountOf([{ productId: fx.products.cups, count: 3 }]);
    expect((await stored()).get(fx.products.cups)).toBe('out');
    const res = await call(world.app, 'POST', '/api/inventory-management/bulk-change', {
      cookie: manager(),
      body: { locationId: own, productIds: [fx.products.cups], change: { stockStatus: 'from_count' } },
    });
    expect(res.status).toBe(200);
    expect((await stored()).get(fx.products.cups)).toBe('low');
    await expectStoredMatchesDerived();
  });

  test('a PAR import stores the status the last count gives against the new PARs', async () => {
    const { fx } = world;
    await completeCountOf([
      { productId: fx.products.milk, count: 5 },
      { productId: fx.products.beans, count: 3 },
    ]);
    expect([(await stored()).get(fx.products.milk), (await stored()).get(fx.products.beans)]).toEqual([
      'low',
      'low',
    ]);
    const outcome = await importPars(world.db, null, {
      chunks: [
        {
          rows: [
            { line: 2, locationId: own, productId: fx.products.milk, par: 4 },
            { line: 3, locationId: own, productId: fx.products.beans, par: 3 },
          ],
          problems: [],
        },
      ],
      source: 'pars.csv',
      dryRun: false,
      overrideLocks: false,
      describe: (row) => `line ${row.line}`,
    });
    expect(outcome.ok).toBe(true);
    const statuses = await stored();
    expect([statuses.get(fx.products.milk), statuses.get(fx.products.beans)]).toEqual([
      'in_stock',
      'in_stock',
    ]);
    await expectStoredMatchesDerived();
  });
});
