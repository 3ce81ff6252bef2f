import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openAnotherPool, openTestDb } from '@db/testing/test-db.ts';
import { submitOrderResponseSchema } from '@engine/order-schemas.ts';
import { SIGN_IN_LIMITS } from '@engine/sign-in-limits.ts';
import { buildFixture, FIXTURE_PASSWORD, type Fixture, sessionCookieFor } from './fixtures.ts';
import { type CallResult, call, testApp } from './http.ts';
import { fillCart } from './ordering-fixtures.ts';

/**
 * Two app instances on one database, as behind a load balancer: each has its own app (and, on PostgreSQL,
 * its own connection pool), nothing shared but the database. What one instance does, the other must honour
 * on its very next request (ARCHITECTURE.md, "Running past one machine"; decision 037).
 */
let db: Db;
let fx: Fixture;
let a: ReturnType<typeof testApp>;
let b: ReturnType<typeof testApp>;
let admin: string;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  a = testApp(db);
  b = testApp(openAnotherPool(db));
  admin = await sessionCookieFor(db, fx.users.admin.id);
});
afterAll(() => db.close());

const cookieOf = (res: CallResult) => res.headers.get('set-cookie')?.match(/sid=[^;]+/)?.[0] ?? '';
const me = (app: typeof a, cookie: string) => call(app, 'GET', '/api/auth/user', { cookie });

describe('sessions across instances', () => {
  test('a session made on one instance works on the other, and signing out on either ends it on both', async () => {
    const login = await call(a, 'POST', '/api/auth/login', {
      body: { email: 'manager@example.test', password: FIXTURE_PASSWORD },
    });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    expect((await me(b, cookie)).status).toBe(200);
    expect((await me(a, cookie)).status).toBe(200);

    expect((await call(b, 'POST', '/api/auth/logout', { cookie })).status).toBe(204);
    expect((await me(a, cookie)).status).toBe(401);
    expect((await me(b, cookie)).status).toBe(401);
  });

  test('a user deactivated on one instance is refused by the other on the next request', async () => {
    const staff = await sessionCookieFor(db, fx.users.deactivated.id);
    await db.query('UPDATE users SET active = true WHERE id = $1', [fx.users.deactivated.id]);
    expect((await me(b, staff)).status).toBe(200);
    const off = await call(a, 'PATCH', `/api/admin/users/${fx.users.deactivated.id}`, {
      cookie: admin,
      body: { active: false },
    });
    expect(off.status).toBe(200);
    expect((await me(b, staff)).status).toBe(401);
  });

  test('permissions taken from a role on one instance are refused by the other on the next request', async () => {
    const manager = await sessionCookieFor(db, fx.users.cafeManager.id);
    const [role] = await db.query<{ permissions: string[] }>(
      `SELECT ARRAY(SELECT permission_key FROM role_permissions WHERE role_key = 'cafe_manager'
                     ORDER BY permission_key) AS permissions`,
    );
    const products = () => call(b, 'GET', '/api/products', { cookie: manager });
    expect((await products()).status).toBe(200);
    const set = (permissions: string[], basedOn: string[]) =>
      call(a, 'PUT', '/api/admin/roles/cafe_manager/permissions', {
        cookie: admin,
        body: { permissions, basedOn },
      });
    try {
      expect((await set([], role?.permissions ?? [])).status).toBe(200);
      expect((await products()).status).toBe(403);
    } finally {
      expect((await set(role?.permissions ?? [], [])).status).toBe(200);
    }
    expect((await products()).status).toBe(200);
  });

  test('a café taken from a user on one instance is out of their scope on the other at once', async () => {
    const staff = await sessionCookieFor(db, fx.users.staff.id);
    const own = fx.locations.own.id;
    const inventory = () => call(b, 'GET', `/api/inventory?locationId=${own}`, { cookie: staff });
    expect((await inventory()).status).toBe(200);
    const assigned = await db.query<{ location_id: number }>(
      'SELECT location_id FROM user_locations WHERE user_id = $1 ORDER BY location_id',
      [fx.users.staff.id],
    );
    const reassign = (locationIds: number[]) =>
      call(a, 'PATCH', `/api/admin/users/${fx.users.staff.id}`, { cookie: admin, body: { locationIds } });
    try {
      expect((await reassign([fx.locations.sibling.id])).status).toBe(200);
      expect((await inventory()).status).toBe(403);
    } finally {
      expect((await reassign(assigned.map((row) => row.location_id))).status).toBe(200);
    }
  });
});

describe('autosaves across instances', () => {
  test('first saves of one café racing on both instances open one count, and each item keeps its last typed value', async () => {
    const [cafe] = await db.query<{ id: number }>(
      `INSERT INTO locations (name, code, district_id) VALUES ('Harbor', 'HARBOR-RACE', $1) RETURNING id`,
      [fx.districts.north],
    );
    const locationId = cafe?.id ?? 0;
    for (const user of [fx.users.staff, fx.users.cafeManager]) {
      await db.query('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [
        user.id,
        locationId,
      ]);
    }
    const people = [
      await sessionCookieFor(db, fx.users.staff.id),
      await sessionCookieFor(db, fx.users.cafeManager.id),
    ];
    const products = [fx.products.beans, fx.products.milk, fx.products.cups, fx.products.syrup];
    // Seventy-two batches typed an hour ago, a millisecond apart per item, so the last typed value of each item is
    // known; four products only, so that saves of one item meet in one call, in calls under way together, and on
    // both instances.
    const start = Date.now() - 60 * 60_000;
    let typed = 0;
    const batches = Array.from({ length: 72 }, (_, batch) =>
      products
        .filter((_, product) => (batch + product) % 3 !== 0)
        .map((productId) => {
          typed += 1;
          return {
            productId,
            count: typed,
            confirmed: typed % 4 === 0,
            typedAt: new Date(start + typed).toISOString(),
          };
        }),
    );
    const last = new Map<number, { count: number; typedAt: string }>();
    for (const item of batches.flat()) last.set(item.productId, item);
    const statuses: number[] = [];
    // Twelve devices, two people, each device on one instance, sending its six batches newest first: every item's
    // older values arrive after newer ones, on the same instance and on the other.
    const device = async (index: number) => {
      const app = index % 2 === 0 ? a : b;
      let sessionId: number | null = null;
      const own = batches.filter((_, batch) => batch % 12 === index).reverse();
      for (const items of own) {
        const res = await call(app, 'POST', '/api/count-sessions/items', {
          cookie: people[index % people.length],
          body: { locationId, sessionId, items },
        });
        statuses.push(res.status);
        if (res.status === 200) sessionId = (res.json as { countSession: { id: number } }).countSession.id;
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, index) => device(index)));

    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const sessions = await db.query<{ id: number }>(
      `SELECT id FROM count_sessions WHERE location_id = $1 AND status = 'open'`,
      [locationId],
    );
    expect(sessions).toHaveLength(1);
    const stored = await db.query<{ productId: number; count: number; typedAt: Date }>(
      `SELECT product_id AS "productId", count, typed_at AS "typedAt" FROM count_items WHERE session_id = $1
        ORDER BY product_id`,
      [sessions[0]?.id ?? 0],
    );
    expect(
      stored.map((row) => ({
        productId: row.productId,
        count: Number(row.count),
        typedAt: row.typedAt.toISOString(),
      })),
    ).toEqual(
      [...last]
        .sort(([x], [y]) => x - y)
        .map(([productId, item]) => ({ productId, count: item.count, typedAt: item.typedAt })),
    );
  });
});

describe('orders across instances', () => {
  test('one idempotency key makes one order when its retries land on different instances', async () => {
    const manager = await sessionCookieFor(db, fx.users.cafeManager.id);
    const own = fx.locations.own.id;
    await fillCart(db, own, [{ productId: fx.products.milk, quantity: 2 }]);
    const submit = (app: typeof a) =>
      call(app, 'POST', '/api/orders', {
        cookie: manager,
        body: { locationId: own },
        headers: { 'idempotency-key': 'k-two-instances' },
      });
    // Retries racing each other on both instances, then one more after they are all answered.
    const racing = await Promise.all([submit(a), submit(b), submit(a), submit(b), submit(b), submit(a)]);
    const late = await submit(b);
    const results = [...racing, late];
    expect(results.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((res) => submitOrderResponseSchema.parse(res.json).order.id));
    expect(ids.size).toBe(1);
    expect(await db.query('SELECT 1 FROM orders WHERE location_id = $1', [own])).toHaveLength(1);
  });
});

describe('sign-in limits across instances', () => {
  test('failures on one instance count on the other: the limit is shared', async () => {
    const attempt = (app: typeof a, password: string) =>
      call(app, 'POST', '/api/auth/login', { body: { email: 'district@example.test', password } });
    const free = SIGN_IN_LIMITS.pair.freeFailures;
    for (let i = 0; i < free; i++) {
      // Alternating instances: neither sees the limit's worth of failures alone.
      expect((await attempt(i % 2 === 0 ? a : b, `wrong ${i}`)).status).toBe(401);
    }
    expect((await attempt(a, FIXTURE_PASSWORD)).status).toBe(429);
    expect((await attempt(b, FIXTURE_PASSWORD)).status).toBe(429);
  });
});

describe('PAR locks across instances', () => {
  test('a PAR locked on one instance is refused to a café manager on the other', async () => {
    const district = await sessionCookieFor(db, fx.users.districtManager.id);
    const manager = await sessionCookieFor(db, fx.users.cafeManager.id);
    const own = fx.locations.own.id;
    const setPar = (par: number) =>
      call(b, 'PATCH', '/api/pars', {
        cookie: manager,
        body: { locationId: own, items: [{ productId: fx.products.cups, par }] },
      });
    expect((await setPar(2)).status).toBe(200);
    const lock = await call(a, 'POST', `/api/par-locks/${own}`, {
      cookie: district,
      body: { scope: 'products', productIds: [fx.products.cups], locked: true },
    });
    expect(lock.status).toBe(200);
    const refused = await setPar(3);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'par_locked' });
    const [row] = await db.query<{ par: number }>(
      'SELECT par FROM location_products WHERE location_id = $1 AND product_id = $2',
      [own, fx.products.cups],
    );
    expect(row?.par).toBe(2);
  });
});
