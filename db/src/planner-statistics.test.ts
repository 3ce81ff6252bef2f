import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';
import { refreshPlannerStatistics } from '@db/planner-statistics.ts';

let db: Db;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  await db.query(`INSERT INTO districts (name) VALUES ('Downtown')`);
  await db.query(
    `INSERT INTO locations (name, code, district_id) SELECT 'Harbor', 'HB-01', id FROM districts`,
  );
  await db.query(
    `INSERT INTO products (name, sku, unit, cafe_order_category, unit_cost, is_daily_count)
     SELECT 'Item ' || n, 'SKU-' || n, 'each', 'Dry Goods', 1, false FROM generate_series(1, 5000) AS n`,
  );
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par)
     SELECT l.id, p.id, 4 FROM locations l, products p WHERE p.id % 50 = 0`,
  );
});
afterAll(() => db.close());

/** The join of the café inventory read: every product still sold with the café's settings. */
async function inventoryJoinPlan(): Promise<string> {
  const rows = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN SELECT p.id, lp.par FROM products p
       LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = 1
      WHERE p.retired_at IS NULL`,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

test('the embedded database plans a large catalogue from real statistics once they are refreshed', async () => {
  // Never analyzed (PGlite runs no autovacuum): the planner guesses a few products and loops over the café's rows.
  expect(await inventoryJoinPlan()).toContain('Nested Loop');

  await refreshPlannerStatistics(db);

  const [products] = await db.query<{ reltuples: number }>(
    `SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'products'`,
  );
  expect(products?.reltuples).toBe(5000);
  expect(await inventoryJoinPlan()).not.toContain('Nested Loop');
});
