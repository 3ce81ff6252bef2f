import { hashSessionId, newSessionId, SESSION_COOKIE } from '@bff/auth/session-cookie.ts';
import type { Db } from '@db/client.ts';
import { hashPassword } from '@db/password.ts';
import { createSession } from '@db/repositories/sessions.ts';

/** Every fixture user signs in with this password. */
export const FIXTURE_PASSWORD = 'correct horse battery staple';

export interface FixtureLocation {
  id: number;
  name: string;
  code: string;
}

export interface FixtureUser {
  id: number;
  email: string;
  role: 'staff' | 'cafe_manager' | 'district_manager' | 'admin';
}

export interface Fixture {
  districts: { north: number; south: number };
  /** own: assigned to every non-admin user; sibling: same district, reached only by the district manager;
   * foreign: another district, reached only by the admin; closed: inactive, reached by nobody. */
  locations: {
    own: FixtureLocation;
    sibling: FixtureLocation;
    foreign: FixtureLocation;
    closed: FixtureLocation;
  };
  users: {
    staff: FixtureUser;
    cafeManager: FixtureUser;
    districtManager: FixtureUser;
    admin: FixtureUser;
    deactivated: FixtureUser;
  };
  products: { beans: number; milk: number; cups: number; syrup: number; retired: number };
}

async function insertOne<T>(db: Db, sql: string, params: (string | number | boolean | null)[]): Promise<T> {
  const [row] = await db.query<T>(sql, params);
  if (!row) throw new Error(`Fixture insert returned nothing: ${sql}`);
  return row;
}

/** A small world of two districts, four locations, a user of each role and a few products. */
export async function buildFixture(db: Db): Promise<Fixture> {
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  const district = async (name: string) =>
    (await insertOne<{ id: number }>(db, 'INSERT INTO districts (name) VALUES ($1) RETURNING id', [name])).id;
  const north = await district('North');
  const south = await district('South');

  const location = (name: string, code: string, districtId: number, active = true) =>
    insertOne<FixtureLocation>(
      db,
      'INSERT INTO locations (name, code, district_id, active) VALUES ($1, $2, $3, $4) RETURNING id, name, code',
      [name, code, districtId, active],
    );
  const own = await location('Downtown', 'DT', north);
  const sibling = await location('Harbor', 'HB', north);
  const foreign = await location('Uptown', 'UP', south);
  const closed = await location('Airport (closed)', 'AP', north, false);

  const user = async (
    email: string,
    role: FixtureUser['role'],
    names: [string, string],
    active = true,
  ): Promise<FixtureUser> => {
    const row = await insertOne<{ id: number }>(
      db,
      `INSERT INTO users (email, first_name, last_name, password_hash, role_key, active)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [email, names[0], names[1], passwordHash, role, active],
    );
    return { id: row.id, email, role };
  };
  const staff = await user('staff@example.test', 'staff', ['Sam', 'Staff']);
  const cafeManager = await user('manager@example.test', 'cafe_manager', ['Mia', 'Manager']);
  const districtManager = await user('district@example.test', 'district_manager', ['Dan', 'District']);
  const admin = await user('admin@example.test', 'admin', ['Ada', 'Admin']);
  const deactivated = await user('gone@example.test', 'staff', ['Gus', 'Gone'], false);

  for (const u of [staff, cafeManager, deactivated]) {
    await db.query('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [u.id, own.id]);
  }
  await db.query('INSERT INTO user_districts (user_id, district_id) VALUES ($1, $2)', [
    districtManager.id,
    north,
  ]);
  // The inactive location is assigned too: scope must still leave it out.
  await db.query('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [staff.id, closed.id]);

  await db.query(
    `INSERT INTO categories (name, display_order) VALUES ('Coffee', 1), ('Dairy', 2), ('Supplies', 3)`,
  );
  const product = async (
    name: string,
    category: string,
    extra: { subcategory?: string; max?: number; retired?: boolean } = {},
  ) =>
    (
      await insertOne<{ id: number }>(
        db,
        `INSERT INTO products (name, cafe_order_category, order_subcategory, maximum_stock_quantity, unit_cost,
                               retired_at)
         VALUES ($1, $2, $3, $4, 2.5, CASE WHEN $5::boolean THEN now() END) RETURNING id`,
        [name, category, extra.subcategory ?? null, extra.max ?? null, extra.retired ?? false],
      )
    ).id;
  const beans = await product('Espresso Beans', 'Coffee', { max: 10 });
  const milk = await product('Oat Milk', 'Dairy');
  const cups = await product('Cups 12oz', 'Supplies', { subcategory: 'Cups' });
  const syrup = await product('Vanilla Syrup', 'Coffee');
  const retired = await product('Retired Syrup', 'Coffee', { retired: true });

  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, par_locked, lifecycle, stock_status, backordered)
     VALUES ($1, $2, 6, true, 'active', 'low', false), ($1, $3, 4.25, false, 'new', 'in_stock', true)`,
    [own.id, milk, beans],
  );

  return {
    districts: { north, south },
    locations: { own, sibling, foreign, closed },
    users: { staff, cafeManager, districtManager, admin, deactivated },
    products: { beans, milk, cups, syrup, retired },
  };
}

export interface CountItemSeed {
  productId: number;
  count: number | null;
  confirmed?: boolean;
  editedAfterConfirm?: boolean;
}

/** Opens a count session at a location with the given entries, as if staff had counted. */
export async function openCountSession(
  db: Db,
  locationId: number,
  countedBy: number,
  items: CountItemSeed[],
): Promise<number> {
  const session = await insertOne<{ id: number }>(
    db,
    'INSERT INTO count_sessions (location_id, started_by) VALUES ($1, $2) RETURNING id',
    [locationId, countedBy],
  );
  for (const item of items) {
    await db.query(
      `INSERT INTO count_items (session_id, product_id, count, confirmed, confirmed_at, edited_after_confirm, updated_by)
       VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN now() END, $5, $6)`,
      [
        session.id,
        item.productId,
        item.count,
        item.confirmed ?? false,
        item.editedAfterConfirm ?? false,
        countedBy,
      ],
    );
  }
  return session.id;
}

/** A live session for a user without going through the sign-in route; returns the Cookie header value. */
export async function sessionCookieFor(db: Db, userId: number, absoluteSeconds = 7 * 86400): Promise<string> {
  const sessionId = newSessionId();
  await createSession(db, {
    idHash: hashSessionId(sessionId),
    userId,
    absoluteSeconds,
    userAgent: null,
    ip: null,
  });
  return `${SESSION_COOKIE}=${sessionId}`;
}
