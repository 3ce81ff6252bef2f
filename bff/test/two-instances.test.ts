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
    const set = (permissions: string[]) =>
      call(a, 'PUT', '/api/admin/roles/cafe_manager/permissions', { cookie: admin, body: { permissions } });
    try {
      expect((await set([])).status).toBe(200);
      expect((await products()).status).toBe(403);
    } finally {
      expect((await set(role?.permissions ?? [])).status).toBe(200);
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
