import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { insertActiveCountCompletion } from './count-completions.ts';
import { lastCountProductsSql } from './last-count-products-sql.ts';

/**
 * A count is judged partial against the products Count Inventory listed when it was completed (decision 113):
 * products added to the range since do not make an earlier full count partial.
 */
let db: Db;
let cafe: number;
let session: number;
let person: number;

async function id(sql: string, params: (string | number)[] = []): Promise<number> {
  const [row] = await db.query<{ id: number }>(sql, params);
  if (!row) throw new Error(`Nothing returned: ${sql}`);
  return row.id;
}

const addProduct = (name: string) =>
  id(`INSERT INTO products (name, cafe_order_category, unit) VALUES ($1, 'Dairy', 'each') RETURNING id`, [
    name,
  ]);

async function lastCount(): Promise<{ counted: number | null; listed: number }> {
  const [row] = await db.query<{ items_counted: number | null; listed: number | string }>(
    `SELECT * FROM (${lastCountProductsSql('$1::int', "now() + interval '1 minute'")}) last_count`,
    [cafe],
  );
  return { counted: row?.items_counted ?? null, listed: Number(row?.listed) };
}

beforeAll(async () => {
  db = await openTestDb();
  const district = await id("INSERT INTO districts (name) VALUES ('Listed') RETURNING id");
  cafe = await id(
    "INSERT INTO locations (name, code, district_id) VALUES ('Listed', 'LS', $1) RETURNING id",
    [district],
  );
  person = await id(
    `INSERT INTO users (email, first_name, last_name, password_hash, role_key)
     VALUES ('listed@example.test', 'Lis', 'Ted', 'x', 'staff') RETURNING id`,
  );
  session = await id('INSERT INTO count_sessions (location_id, started_by) VALUES ($1, $2) RETURNING id', [
    cafe,
    person,
  ]);
  await db.query('DELETE FROM products');
  for (const name of ['Milk', 'Oat milk', 'Cream']) await addProduct(name);
});
afterAll(() => db.close());

describe('the products a count is judged against', () => {
  test('a completed count keeps how many were listed then; products added since do not make it partial', async () => {
    await insertActiveCountCompletion(db, {
      locationId: cafe,
      sessionId: session,
      completedBy: person,
      itemsCounted: 3,
    });
    expect(await lastCount()).toEqual({ counted: 3, listed: 3 });

    await addProduct('Eggnog');
    await addProduct('Pumpkin syrup');
    expect(await lastCount()).toEqual({ counted: 3, listed: 3 });
  });

  test('a count completed before the figure was kept is judged against the products listed now', async () => {
    await db.query(
      `INSERT INTO count_completions (location_id, completed_by, completed_at, items_counted, is_active)
       VALUES ($1, $2, now(), 3, false)`,
      [cafe, person],
    );
    expect(await lastCount()).toEqual({ counted: 3, listed: 5 });
  });
});
