import type { Db } from '@db/client.ts';
import { hashPassword } from '@db/password.ts';
import type { OrderStatus } from '@engine/order-state-machine.ts';
import { FIXTURE_PASSWORD, type Fixture, type FixtureUser } from './fixtures.ts';

let orderSeq = 0;

/** An order written straight to the database, e.g. the history the approval flags compare against. */
export async function insertOrder(
  db: Db,
  order: {
    locationId: number;
    createdBy: number;
    status?: OrderStatus;
    lines: { productId: number; quantity: number; unitCost?: number }[];
    /** How long ago it was submitted, in hours. */
    hoursAgo?: number;
    note?: string;
  },
): Promise<number> {
  orderSeq += 1;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO orders (number, location_id, status, note, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, now() - make_interval(hours => $6), now() - make_interval(hours => $6))
     RETURNING id`,
    [
      `SEED-${orderSeq}-${Math.random().toString(36).slice(2, 8)}`,
      order.locationId,
      order.status ?? 'submitted',
      order.note ?? '',
      order.createdBy,
      order.hoursAgo ?? 0,
    ],
  );
  if (!row) throw new Error('Seeding an order returned no row');
  for (const line of order.lines) {
    await db.query(
      'INSERT INTO order_lines (order_id, product_id, quantity, unit_cost) VALUES ($1, $2, $3, $4)',
      [row.id, line.productId, line.quantity, line.unitCost ?? 2.5],
    );
  }
  await db.query(
    `INSERT INTO order_events (order_id, from_status, to_status, actor_id, created_at)
     VALUES ($1, NULL, 'submitted', $2, now() - make_interval(hours => $3))`,
    [row.id, order.createdBy, order.hoursAgo ?? 0],
  );
  return row.id;
}

/** Puts lines in a location's cart without going through the API. */
export async function fillCart(
  db: Db,
  locationId: number,
  lines: { productId: number; quantity: number }[],
): Promise<void> {
  await db.query('INSERT INTO carts (location_id) VALUES ($1) ON CONFLICT DO NOTHING', [locationId]);
  for (const line of lines) {
    await db.query(
      `INSERT INTO cart_items (location_id, product_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (location_id, product_id) DO UPDATE SET quantity = excluded.quantity`,
      [locationId, line.productId, line.quantity],
    );
  }
}

/** A district manager of the other district (South): none of the fixture's North locations are theirs. */
export async function southDistrictManager(db: Db, fx: Fixture): Promise<FixtureUser> {
  const email = 'south-district@example.test';
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, role_key)
     VALUES ($1, 'Sid', 'South', $2, 'district_manager') RETURNING id`,
    [email, await hashPassword(FIXTURE_PASSWORD)],
  );
  if (!row) throw new Error('Seeding a user returned no row');
  await db.query('INSERT INTO user_districts (user_id, district_id) VALUES ($1, $2)', [
    row.id,
    fx.districts.south,
  ]);
  return { id: row.id, email, role: 'district_manager' };
}

export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.query<{ action: string }>('SELECT action FROM audit_log ORDER BY id');
  return rows.map((row) => row.action);
}
