import type { Db } from '@db/client.ts';

/** A café, one staff member and `productCount` products: what the count-item repository tests write against. */
export interface CountFixture {
  locationId: number;
  userId: number;
  productIds: number[];
}

export async function createCountFixture(db: Db, productCount: number): Promise<CountFixture> {
  const [district] = await db.query<{ id: number }>(`INSERT INTO districts (name) VALUES ('D') RETURNING id`);
  const [location] = await db.query<{ id: number }>(
    `INSERT INTO locations (name, code, district_id) VALUES ('Café', 'C1', $1) RETURNING id`,
    [district?.id ?? 0],
  );
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, role_key)
     VALUES ('sam@example.test', 'Sam', 'Staff', 'x', 'staff') RETURNING id`,
  );
  const products = await db.query<{ id: number }>(
    `INSERT INTO products (name, cafe_order_category)
     SELECT 'Product ' || n, 'Coffee' FROM generate_series(1, $1::int) AS n ORDER BY n RETURNING id`,
    [productCount],
  );
  return { locationId: location?.id ?? 0, userId: user?.id ?? 0, productIds: products.map((row) => row.id) };
}

/** Empties every count session and the audit log, then opens a fresh session; returns its id. */
export async function openFreshCountSession(db: Db, { locationId, userId }: CountFixture): Promise<number> {
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM audit_log');
  const [session] = await db.query<{ id: number }>(
    'INSERT INTO count_sessions (location_id, started_by) VALUES ($1, $2) RETURNING id',
    [locationId, userId],
  );
  return session?.id ?? 0;
}
