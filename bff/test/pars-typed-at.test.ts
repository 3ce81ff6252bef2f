import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { importPars } from '@db/use-cases/import-pars.ts';
import { parsResponseSchema } from '@engine/counting-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';

/**
 * Set PARs edits carry the time they were typed (decision 062): an edit sent late — from a phone that was
 * offline, or a save given up and sent again — never undoes a value typed after it.
 */

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
let cookies: { manager: string; district: string };
let own: number;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  own = fx.locations.own.id;
  cookies = {
    manager: await sessionCookieFor(db, fx.users.cafeManager.id),
    district: await sessionCookieFor(db, fx.users.districtManager.id),
  };
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM location_products');
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, lifecycle, stock_status, backordered)
     VALUES ($1, $2, 4, 'active', 'in_stock', false)`,
    [own, fx.products.beans],
  );
  await db.query('DELETE FROM audit_log');
});

const patch = (items: unknown[], cookie = cookies.manager) =>
  call(app, 'PATCH', '/api/pars', { cookie, body: { locationId: own, items } });

async function beans() {
  const [row] = await db.query<{ par: number; lifecycle: string; updatedAt: unknown; audits: number }>(
    `SELECT par, lifecycle, updated_at AS "updatedAt",
            (SELECT count(*)::int FROM audit_log WHERE entity_id = $1) AS audits
       FROM location_products WHERE location_id = $2 AND product_id = $3`,
    [`${own}:${fx.products.beans}`, own, fx.products.beans],
  );
  return row;
}

describe('PATCH /api/pars with typing times', () => {
  test('an edit typed before the stored PAR arrives late: the newer PAR stays, nothing is audited', async () => {
    expect((await patch([{ productId: fx.products.beans, par: 9, typedAt: minutesAgo(1) }])).status).toBe(
      200,
    );
    const before = await beans();

    const late = await patch([{ productId: fx.products.beans, par: 5, typedAt: minutesAgo(10) }]);
    expect(late.status).toBe(200);
    // The answer holds what is stored, so the screen shows the newer PAR once its edit is settled.
    expect(parsResponseSchema.parse(late.json).items[0]).toMatchObject({
      productId: fx.products.beans,
      par: 9,
    });
    expect(await beans()).toEqual(before);
    expect(before?.audits).toBe(1);
  });

  test('each field keeps its own time: an older PAR still lands beside a newer lifecycle', async () => {
    await patch([{ productId: fx.products.beans, lifecycle: 'phasing_out', typedAt: minutesAgo(1) }]);
    const res = await patch([
      { productId: fx.products.beans, par: 7, lifecycle: 'new', typedAt: minutesAgo(5) },
    ]);
    expect(parsResponseSchema.parse(res.json).items[0]).toMatchObject({ par: 7, lifecycle: 'phasing_out' });
    const audit = await db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual([{ before: { par: 4 }, after: { par: 7 } }]);
  });

  test("the same value typed later moves the field's time on: an edit typed between them does not land", async () => {
    await patch([{ productId: fx.products.beans, par: 6, typedAt: minutesAgo(10) }]);
    await patch([{ productId: fx.products.beans, par: 6, typedAt: minutesAgo(1) }]);
    await patch([{ productId: fx.products.beans, par: 8, typedAt: minutesAgo(5) }]);
    expect((await beans())?.par).toBe(6);
  });

  test('a device clock ahead of the server counts as now, so the next edit still wins', async () => {
    await patch([{ productId: fx.products.beans, par: 6, typedAt: '2999-01-01T00:00:00.000Z' }]);
    await patch([{ productId: fx.products.beans, par: 3 }]);
    expect((await beans())?.par).toBe(3);
  });

  test('an edit with no typing time counts as typed when it arrives', async () => {
    await patch([{ productId: fx.products.beans, par: 6 }]);
    await patch([{ productId: fx.products.beans, par: 2, typedAt: minutesAgo(1) }]);
    expect((await beans())?.par).toBe(6);
  });

  test('a PAR import counts as typed when it runs: an edit typed before it does not undo it', async () => {
    const outcome = await importPars(db, null, {
      chunks: [{ rows: [{ line: 2, locationId: own, productId: fx.products.beans, par: 11 }], problems: [] }],
      source: 'pars.csv',
      dryRun: false,
      overrideLocks: false,
      describe: (row) => `line ${row.line}`,
    });
    expect(outcome.ok).toBe(true);
    await patch([{ productId: fx.products.beans, par: 2, typedAt: minutesAgo(1) }]);
    expect((await beans())?.par).toBe(11);
  });

  test("Inventory Management's bulk change counts as typed when it is made", async () => {
    const res = await call(app, 'POST', '/api/inventory-management/bulk-change', {
      cookie: cookies.manager,
      body: { locationId: own, productIds: [fx.products.beans], change: { lifecycle: 'discontinued' } },
    });
    expect(res.status).toBe(200);
    await patch([{ productId: fx.products.beans, lifecycle: 'active', typedAt: minutesAgo(1) }]);
    expect((await beans())?.lifecycle).toBe('discontinued');
  });
});
