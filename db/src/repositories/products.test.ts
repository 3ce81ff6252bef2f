import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { createCountFixture } from '@db/testing/count-session-fixture.ts';
import { openAnotherPool, openTestDb } from '@db/testing/test-db.ts';
import { currentProductsVersion, listCurrentProducts } from './products.ts';

// Decision 052: the product list's version is one row the database replaces with every write to products.
let db: Db;
let locationId: number;
let productIds: number[];

beforeAll(async () => {
  db = await openTestDb();
  ({ locationId, productIds } = await createCountFixture(db, 3));
});
afterAll(() => db.close());

test('every kind of write to products gives the list a new version; reading it does not', async () => {
  const [first] = productIds as [number];
  const initial = await currentProductsVersion(db);
  const seen = new Set([initial]);
  expect(await currentProductsVersion(db)).toBe(initial);
  const writes = [
    `UPDATE products SET name = name || ' (renamed)' WHERE id = ${first}`,
    `UPDATE products SET retired_at = now() WHERE id = ${first}`,
    `UPDATE products SET retired_at = NULL WHERE id = ${first}`,
    `INSERT INTO products (name, cafe_order_category) VALUES ('Version test', 'Coffee')`,
    `DELETE FROM products WHERE name = 'Version test'`,
    // Many rows in one statement: one new version.
    `UPDATE products SET unit_cost = unit_cost + 1`,
  ];
  for (const write of writes) {
    await db.query(write);
    const version = await currentProductsVersion(db);
    expect(seen.has(version)).toBe(false);
    seen.add(version);
  }
  await listCurrentProducts(db);
  expect(seen.has(await currentProductsVersion(db))).toBe(true);
});

test('writes elsewhere, and a write to products that is rolled back, keep the version', async () => {
  const [, second, third] = productIds as [number, number, number];
  const before = await currentProductsVersion(db);
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par) VALUES ($1, $2, 4)
     ON CONFLICT (location_id, product_id) DO UPDATE SET par = 4`,
    [locationId, second],
  );
  await db
    .transaction(async (tx) => {
      await tx.query(`UPDATE products SET name = 'Never seen' WHERE id = $1`, [third]);
      throw new Error('roll back');
    })
    .catch(() => undefined);
  expect(await currentProductsVersion(db)).toBe(before);
  expect((await listCurrentProducts(db)).map((product) => product.name)).not.toContain('Never seen');
});

test('a transaction writing products in several statements changes the version once, at its commit', async () => {
  const [first, second] = productIds as [number, number];
  const before = await currentProductsVersion(db);
  let inside = '';
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO products (name, cafe_order_category) VALUES ('Import row', 'Coffee')`);
    await tx.query(`UPDATE products SET unit_cost = unit_cost + 1 WHERE id = $1`, [first]);
    await tx.query(`UPDATE products SET unit_cost = unit_cost + 1 WHERE id = $1`, [second]);
    inside = await currentProductsVersion(tx);
  });
  // Replaced when the transaction commits, not by each statement.
  expect(inside).toBe(before);
  expect(await currentProductsVersion(db)).not.toBe(before);
  await db.query(`DELETE FROM products WHERE name = 'Import row'`);
});

// Two server instances or an instance and a command write products at once: a second connection is needed, which
// the embedded database (one connection) does not have.
test.if(Boolean(process.env.TEST_DATABASE_URL))(
  'two transactions writing products in opposite orders never deadlock over the version',
  async () => {
    const other = openAnotherPool(db);
    const [first, second] = productIds as [number, number];
    let lockedByOther: () => void = () => {};
    const otherHasLocked = new Promise<void>((resolve) => {
      lockedByOther = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The import writes a product, then one the other transaction holds; the edit holds that one, waits for the
    // import to be queued behind it, then writes it and another the import wrote first.
    const importing = db.transaction(async (tx) => {
      await tx.query(`UPDATE products SET unit_cost = unit_cost + 1 WHERE id = $1`, [first]);
      await otherHasLocked;
      setTimeout(release, 200);
      await tx.query(`UPDATE products SET unit_cost = unit_cost + 1 WHERE id = $1`, [second]);
    });
    const editing = other.transaction(async (tx) => {
      await tx.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [second]);
      lockedByOther();
      await released;
      await tx.query(`UPDATE products SET name = name || '.' WHERE id = $1`, [second]);
    });
    await Promise.all([editing, importing]);
    expect(await currentProductsVersion(db)).toBe(await currentProductsVersion(other));
  },
);
