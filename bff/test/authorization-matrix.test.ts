import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { apiErrorSchema } from '@engine/api-schemas.ts';
import { endpointKey } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';

/**
 * Every API route × every role × a location of their own, a sibling in the same district and a foreign
 * one. A route added to the app without a row here fails the coverage test below.
 */
type Role = 'anonymous' | 'staff' | 'cafeManager' | 'districtManager' | 'admin';
type Where = 'own' | 'sibling' | 'foreign';
/** Expected status at [own, sibling, foreign]. */
type ByLocation = readonly [number, number, number];

interface MatrixRow {
  route: string;
  path: (locationId: number) => string;
  /** 'location' sends `{ locationId }`; a function builds the body for each location. */
  body?: unknown;
  /** Request headers the route reads. */
  headers?: Record<string, string>;
  /** The call ends the session it is given, so it gets a session of its own. */
  endsSession?: boolean;
  expect: Record<Role, ByLocation>;
}

const ROLES: readonly Role[] = ['anonymous', 'staff', 'cafeManager', 'districtManager', 'admin'];
const WHERE: readonly Where[] = ['own', 'sibling', 'foreign'];

const everywhere = (status: number): ByLocation => [status, status, status];
const signedIn = (status: number): Record<Role, ByLocation> => ({
  anonymous: everywhere(401),
  staff: everywhere(status),
  cafeManager: everywhere(status),
  districtManager: everywhere(status),
  admin: everywhere(status),
});
const anyone = (status: number): Record<Role, ByLocation> => ({
  ...signedIn(status),
  anonymous: everywhere(status),
});
/** A location route: `ok` where the user has scope (ok may differ per location), 403 elsewhere. */
const scoped = (ok: ByLocation): Record<Role, ByLocation> => ({
  anonymous: everywhere(401),
  staff: [ok[0], 403, 403],
  cafeManager: [ok[0], 403, 403],
  districtManager: [ok[0], ok[1], 403],
  admin: ok,
});
/** An admin-area route: admin_panel only (the admin role); a malformed call lets the admin reach validation. */
const adminOnly = (status: number): Record<Role, ByLocation> => ({
  anonymous: everywhere(401),
  staff: everywhere(403),
  cafeManager: everywhere(403),
  districtManager: everywhere(403),
  admin: everywhere(status),
});

/** Ordering routes are not for staff (no submit_orders or view_orders); otherwise like `scoped`. */
const scopedNoStaff = (ok: ByLocation): Record<Role, ByLocation> => ({
  ...scoped(ok),
  staff: everywhere(403),
});
/** Routes of approve_orders, manage_orders or par_lock_management: district managers and admins only. */
const districtOnly = (districtManager: ByLocation, admin: ByLocation): Record<Role, ByLocation> => ({
  anonymous: everywhere(401),
  staff: everywhere(403),
  cafeManager: everywhere(403),
  districtManager,
  admin,
});
/** The submitted order seeded at each location, for routes addressed by order id (an order outside scope is 404). */
const orderAt = new Map<number, number>();
const orderPath =
  (suffix = '') =>
  (locationId: number) =>
    `/api/orders/${orderAt.get(locationId)}${suffix}`;
// Sent to every order transition: the version is stale, so a permitted call is a 409 and changes nothing.
const STALE_TRANSITION = { expectedVersion: 999999, comment: 'matrix' };

const MATRIX: readonly MatrixRow[] = [
  { route: 'GET /api/health', path: () => '/api/health', expect: anyone(200) },
  { route: 'GET /api/openapi.json', path: () => '/api/openapi.json', expect: anyone(200) },
  { route: 'GET /api/reference', path: () => '/api/reference', expect: anyone(200) },
  { route: 'POST /api/auth/login', path: () => '/api/auth/login', body: {}, expect: anyone(400) },
  { route: 'POST /api/auth/logout', path: () => '/api/auth/logout', endsSession: true, expect: anyone(204) },
  // An empty body: a signed-in caller reaches validation and no password changes. What a user still on a
  // one-time password may call is pinned route by route in password-change.test.ts.
  {
    route: 'POST /api/auth/change-password',
    path: () => '/api/auth/change-password',
    body: {},
    expect: signedIn(400),
  },
  { route: 'GET /api/login', path: () => '/api/login', expect: anyone(302) },
  { route: 'GET /api/logout', path: () => '/api/logout', expect: anyone(200) },
  { route: 'GET /api/auth/user', path: () => '/api/auth/user', expect: signedIn(200) },
  { route: 'GET /api/auth/user-role', path: () => '/api/auth/user-role', expect: signedIn(200) },
  { route: 'GET /api/permissions', path: () => '/api/permissions', expect: signedIn(200) },
  {
    route: 'GET /api/admin/tab-display-order',
    path: () => '/api/admin/tab-display-order',
    expect: signedIn(200),
  },
  { route: 'GET /api/admin/ui-settings', path: () => '/api/admin/ui-settings', expect: signedIn(200) },
  { route: 'GET /api/admin/category-order', path: () => '/api/admin/category-order', expect: signedIn(200) },
  { route: 'GET /api/user/locations', path: () => '/api/user/locations', expect: signedIn(200) },
  { route: 'GET /api/products', path: () => '/api/products', expect: signedIn(200) },
  {
    route: 'GET /api/inventory',
    path: (id) => `/api/inventory?locationId=${id}`,
    expect: scoped(everywhere(200)),
  },
  {
    route: 'GET /api/count-completions/active/:locationId',
    path: (id) => `/api/count-completions/active/${id}`,
    // Only the own location has an active completion; elsewhere "none" is a 404 — once scope allows asking.
    expect: scoped([200, 404, 404]),
  },
  {
    route: 'POST /api/count-completions/complete',
    path: () => '/api/count-completions/complete',
    // Nothing is counted anywhere, so a permitted call reaches the guard (409) and changes nothing.
    body: 'location',
    expect: scoped(everywhere(409)),
  },
  // Admin area: reads answer 200; writes get a malformed body or id 0, so the admin's call is a 400 and
  // nothing in the matrix changes data.
  { route: 'GET /api/admin/users', path: () => '/api/admin/users', expect: adminOnly(200) },
  { route: 'POST /api/admin/users', path: () => '/api/admin/users', body: {}, expect: adminOnly(400) },
  { route: 'PATCH /api/admin/users/:id', path: () => '/api/admin/users/0', body: {}, expect: adminOnly(400) },
  {
    route: 'POST /api/admin/users/:id/reset-password',
    path: () => '/api/admin/users/0/reset-password',
    expect: adminOnly(400),
  },
  { route: 'GET /api/admin/districts', path: () => '/api/admin/districts', expect: adminOnly(200) },
  {
    route: 'POST /api/admin/districts',
    path: () => '/api/admin/districts',
    body: {},
    expect: adminOnly(400),
  },
  {
    route: 'PATCH /api/admin/districts/:id',
    path: () => '/api/admin/districts/0',
    body: {},
    expect: adminOnly(400),
  },
  { route: 'GET /api/admin/locations', path: () => '/api/admin/locations', expect: adminOnly(200) },
  {
    route: 'POST /api/admin/locations',
    path: () => '/api/admin/locations',
    body: {},
    expect: adminOnly(400),
  },
  {
    route: 'PATCH /api/admin/locations/:id',
    path: () => '/api/admin/locations/0',
    body: {},
    expect: adminOnly(400),
  },
  { route: 'GET /api/admin/products', path: () => '/api/admin/products', expect: adminOnly(200) },
  { route: 'POST /api/admin/products', path: () => '/api/admin/products', body: {}, expect: adminOnly(400) },
  {
    route: 'PATCH /api/admin/products/:id',
    path: () => '/api/admin/products/0',
    body: {},
    expect: adminOnly(400),
  },
  {
    route: 'POST /api/admin/products/import',
    path: () => '/api/admin/products/import',
    body: {},
    expect: adminOnly(400),
  },
  { route: 'GET /api/admin/categories', path: () => '/api/admin/categories', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/categories',
    path: () => '/api/admin/categories',
    body: {},
    expect: adminOnly(400),
  },
  { route: 'GET /api/admin/roles', path: () => '/api/admin/roles', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/roles/:key/permissions',
    path: () => '/api/admin/roles/staff/permissions',
    body: {},
    expect: adminOnly(400),
  },
  {
    route: 'PUT /api/admin/tab-display-order',
    path: () => '/api/admin/tab-display-order',
    body: {},
    expect: adminOnly(400),
  },
  {
    route: 'PUT /api/admin/ui-settings',
    path: () => '/api/admin/ui-settings',
    body: {},
    expect: adminOnly(400),
  },
  { route: 'GET /api/admin/tasks', path: () => '/api/admin/tasks', expect: adminOnly(200) },
  { route: 'POST /api/admin/tasks', path: () => '/api/admin/tasks', body: {}, expect: adminOnly(400) },
  { route: 'PATCH /api/admin/tasks/:id', path: () => '/api/admin/tasks/0', body: {}, expect: adminOnly(400) },
  { route: 'GET /api/admin/api-health', path: () => '/api/admin/api-health', expect: adminOnly(200) },
  // Square (no Square connected here: the routes answer what they can without it; writes get bad input).
  { route: 'GET /api/admin/square', path: () => '/api/admin/square', expect: adminOnly(200) },
  { route: 'POST /api/admin/square/test', path: () => '/api/admin/square/test', expect: adminOnly(200) },
  { route: 'POST /api/admin/square/sync', path: () => '/api/admin/square/sync', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/square/locations/:locationId',
    path: () => '/api/admin/square/locations/0',
    body: {},
    expect: adminOnly(400),
  },
  {
    route: 'PUT /api/admin/square/products/:productId',
    path: () => '/api/admin/square/products/0',
    body: {},
    expect: adminOnly(400),
  },
  {
    route: 'PUT /api/admin/square/settings',
    path: () => '/api/admin/square/settings',
    body: {},
    expect: adminOnly(400),
  },
  { route: 'GET /api/admin/audit-log', path: () => '/api/admin/audit-log', expect: adminOnly(200) },
  {
    route: 'GET /api/admin/audit-log/entities',
    path: () => '/api/admin/audit-log/entities',
    expect: adminOnly(200),
  },
  // Ordering. Writes change nothing where they are allowed: a stale expectedVersion (409), an unknown
  // product (400), submitting a cart the rows above emptied (409), or writes to an empty cart that leave it
  // as it was.
  {
    route: 'GET /api/cart/:locationId',
    path: (id) => `/api/cart/${id}`,
    // View Cart needs no permission (requirements §6): staff read their own café's cart; writes stay submit_orders.
    expect: scoped(everywhere(200)),
  },
  {
    route: 'POST /api/cart/:locationId/suggest',
    // `again`: the matrix's orders of the own location come after its count, which asks first (decision 088).
    path: (id) => `/api/cart/${id}/suggest?again=true`,
    // Only the own location has an active completion; elsewhere suggesting is refused.
    expect: scopedNoStaff([200, 409, 409]),
  },
  {
    route: 'PUT /api/cart/:locationId/items',
    path: (id) => `/api/cart/${id}/items`,
    body: { items: [{ productId: 2147483647, quantity: 1 }] },
    expect: scopedNoStaff(everywhere(400)),
  },
  {
    route: 'PUT /api/cart/:locationId/note',
    path: (id) => `/api/cart/${id}/note`,
    body: { note: '' },
    expect: scopedNoStaff(everywhere(200)),
  },
  {
    route: 'DELETE /api/cart/:locationId',
    path: (id) => `/api/cart/${id}`,
    expect: scopedNoStaff(everywhere(200)),
  },
  {
    route: 'POST /api/orders',
    path: () => '/api/orders',
    body: 'location',
    headers: { 'Idempotency-Key': 'matrix' },
    expect: scopedNoStaff(everywhere(409)),
  },
  {
    route: 'GET /api/orders',
    path: (id) => `/api/orders?locationId=${id}`,
    expect: scopedNoStaff(everywhere(200)),
  },
  {
    route: 'GET /api/orders/export.csv',
    path: (id) => `/api/orders/export.csv?locationId=${id}`,
    expect: scopedNoStaff(everywhere(200)),
  },
  {
    route: 'GET /api/orders/:id',
    path: orderPath(),
    expect: {
      ...scopedNoStaff(everywhere(200)),
      cafeManager: [200, 404, 404],
      districtManager: [200, 200, 404],
    },
  },
  ...(['approve', 'reject', 'place', 'receive'] as const).map(
    (action): MatrixRow => ({
      route: `POST /api/orders/:id/${action}`,
      path: orderPath(`/${action}`),
      body: STALE_TRANSITION,
      expect: districtOnly([409, 409, 404], everywhere(409)),
    }),
  ),
  {
    route: 'POST /api/orders/:id/cancel',
    path: orderPath('/cancel'),
    body: STALE_TRANSITION,
    // A café manager may cancel only orders they submitted; the seeded ones are the admin's.
    expect: { ...districtOnly([409, 409, 404], everywhere(409)), cafeManager: [403, 404, 404] },
  },
  {
    route: 'POST /api/orders/:id/deliveries',
    path: orderPath('/deliveries'),
    // No such product on the order: a permitted call is a 400 and receives nothing.
    body: { lines: [{ productId: 999999 }] },
    expect: districtOnly([400, 400, 404], everywhere(400)),
  },
  {
    route: 'PATCH /api/orders/:id/deliveries',
    path: orderPath('/deliveries'),
    // No such product on the order: a permitted call is a 400 and corrects nothing.
    body: { lines: [{ productId: 999999, quantity: 1 }] },
    expect: districtOnly([400, 400, 404], everywhere(400)),
  },
  {
    route: 'POST /api/orders/:id/deliveries/undo',
    path: orderPath('/deliveries/undo'),
    // No such delivery on the order: a permitted call is a 400 and undoes nothing.
    body: { receiptId: 999999 },
    expect: districtOnly([400, 400, 404], everywhere(400)),
  },
  {
    route: 'PATCH /api/orders/:id/lines',
    path: orderPath('/lines'),
    body: { expectedVersion: 999999, lines: [{ productId: 1, quantity: 1 }] },
    expect: districtOnly([409, 409, 404], everywhere(409)),
  },
  {
    route: 'POST /api/orders/:id/copy-to-cart',
    path: orderPath('/copy-to-cart'),
    // Puts the seeded order's lines on its café's list; no row after this one reads a cart.
    expect: {
      ...scopedNoStaff(everywhere(200)),
      cafeManager: [200, 404, 404],
      districtManager: [200, 200, 404],
    },
  },
  {
    route: 'GET /api/approvals',
    path: (id) => `/api/approvals?locationId=${id}`,
    expect: districtOnly([200, 200, 403], everywhere(200)),
  },
  {
    route: 'GET /api/approvals/summary',
    path: () => '/api/approvals/summary',
    expect: districtOnly(everywhere(200), everywhere(200)),
  },
  {
    route: 'POST /api/approvals/bulk',
    path: () => '/api/approvals/bulk',
    // An order id that does not exist: reported per order inside a 200.
    body: { action: 'approve', orderIds: [2147483647] },
    expect: districtOnly(everywhere(200), everywhere(200)),
  },
  {
    route: 'GET /api/par-locks/:locationId',
    path: (id) => `/api/par-locks/${id}`,
    expect: districtOnly([200, 200, 403], everywhere(200)),
  },
  {
    route: 'POST /api/par-locks/:locationId',
    path: (id) => `/api/par-locks/${id}`,
    body: { scope: 'products', productIds: [2147483647], locked: true },
    expect: districtOnly([400, 400, 403], everywhere(400)),
  },
  // Counting writes. A permitted call meets a session id that is not the open one, a day past the editing
  // window or a product that does not exist, so it is refused after the scope check and writes nothing;
  // only Start Count (201) changes data, opening an empty count at each location it reaches.
  {
    route: 'PATCH /api/pars',
    path: () => '/api/pars',
    body: (locationId: number) => ({ locationId, items: [{ productId: 2147483647, par: 1 }] }),
    expect: { ...scoped(everywhere(400)), staff: everywhere(403) },
  },
  {
    route: 'POST /api/count-sessions/items',
    path: () => '/api/count-sessions/items',
    body: (locationId: number) => ({
      locationId,
      sessionId: 2147483647,
      items: [{ productId: 1, count: 1, confirmed: false, typedAt: '2025-03-01T14:00:00Z' }],
    }),
    expect: scoped(everywhere(409)),
  },
  {
    route: 'POST /api/count-sessions/confirm',
    path: () => '/api/count-sessions/confirm',
    body: (locationId: number) => ({ locationId, sessionId: 2147483647 }),
    expect: scoped(everywhere(409)),
  },
  {
    route: 'POST /api/count-sessions/clear',
    path: () => '/api/count-sessions/clear',
    body: (locationId: number) => ({ locationId, sessionId: 2147483647 }),
    expect: scoped(everywhere(409)),
  },
  {
    route: 'POST /api/count-sessions/start',
    path: () => '/api/count-sessions/start',
    body: 'location',
    expect: scoped(everywhere(201)),
  },
  {
    route: 'GET /api/nightly-counts',
    path: (id) => `/api/nightly-counts?locationId=${id}`,
    expect: scoped(everywhere(200)),
  },
  {
    route: 'GET /api/square/on-hand',
    path: (id) => `/api/square/on-hand?locationId=${id}`,
    expect: scoped(everywhere(200)),
  },
  {
    route: 'POST /api/nightly-counts/items',
    path: () => '/api/nightly-counts/items',
    body: (locationId: number) => ({
      locationId,
      date: '2000-01-01',
      items: [{ productId: 1, count: 1, confirmed: false, typedAt: '2000-01-01T20:00:00Z' }],
    }),
    expect: scoped(everywhere(409)),
  },
  {
    route: 'POST /api/nightly-counts/complete',
    path: () => '/api/nightly-counts/complete',
    body: 'location',
    expect: scoped(everywhere(409)),
  },
  // Ops trackers. A tick of a day long past is refused after the scope check and writes nothing.
  {
    route: 'GET /api/cafe-ops',
    path: (id) => `/api/cafe-ops?locationId=${id}`,
    expect: scoped(everywhere(200)),
  },
  {
    route: 'POST /api/cafe-ops/ticks',
    path: () => '/api/cafe-ops/ticks',
    body: (locationId: number) => ({
      locationId,
      date: '2000-01-03',
      ticks: [{ taskId: 1, done: true, typedAt: '2000-01-03T09:00:00Z' }],
    }),
    expect: scoped(everywhere(409)),
  },
  {
    route: 'GET /api/ops-tracker',
    path: () => '/api/ops-tracker',
    expect: districtOnly(everywhere(200), everywhere(200)),
  },
  // Inventory Management: set_pars (no staff). The bulk change names a product that does not exist, so a
  // permitted call is answered 200 with that row refused and writes nothing.
  {
    route: 'GET /api/inventory-management',
    path: (id) => `/api/inventory-management?locationId=${id}`,
    expect: { ...scoped(everywhere(200)), staff: everywhere(403) },
  },
  {
    route: 'POST /api/inventory-management/bulk-change',
    path: () => '/api/inventory-management/bulk-change',
    body: (locationId: number) => ({
      locationId,
      productIds: [2147483647],
      change: { lifecycle: 'discontinued' },
    }),
    expect: { ...scoped(everywhere(200)), staff: everywhere(403) },
  },
  // Navigator's reports (view_orders and the order-acting permissions): a café outside scope is 403.
  ...['inventory-value', 'usage', 'order-spend', 'count-compliance', 'nightly-variance', 'par-health'].map(
    (name) => ({
      route: `GET /api/reports/${name}`,
      path: (id: number) => `/api/reports/${name}?from=2026-01-01&to=2026-01-31&locations=${id}`,
      expect: scopedNoStaff(everywhere(200)),
    }),
  ),
  {
    // Narrowed to the user's cafés by the server itself: every reader gets 200, with their own districts.
    route: 'GET /api/reports/districts',
    path: () => '/api/reports/districts',
    expect: { ...signedIn(200), staff: everywhere(403) },
  },
];

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
const cookies: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  for (const role of ROLES) {
    if (role !== 'anonymous') cookies[role] = await sessionCookieFor(db, fx.users[role].id);
  }
  await db.query(
    'INSERT INTO count_completions (location_id, completed_by, items_counted) VALUES ($1, $2, 4)',
    [fx.locations.own.id, fx.users.cafeManager.id],
  );
  for (const where of WHERE) {
    const [order] = await db.query<{ id: number }>(
      'INSERT INTO orders (number, location_id, created_by) VALUES ($1, $2, $3) RETURNING id',
      [`MATRIX-${where}`, fx.locations[where].id, fx.users.admin.id],
    );
    if (!order) throw new Error('Seeding an order returned no row');
    await db.query('INSERT INTO order_lines (order_id, product_id, quantity) VALUES ($1, $2, 1)', [
      order.id,
      fx.products.milk,
    ]);
    orderAt.set(fx.locations[where].id, order.id);
  }
});
afterAll(() => db.close());

describe('authorization matrix', () => {
  // The app mounts exactly the declarations (endpoint-declarations.test.ts), so a declared endpoint without
  // a row here is a route nobody has walked as every role.
  test('covers every declared endpoint', () => {
    expect(MATRIX.map((row) => row.route).sort()).toEqual(ALL_ENDPOINTS.map(endpointKey).sort());
  });

  for (const row of MATRIX) {
    for (const role of ROLES) {
      test(`${row.route} as ${role}`, async () => {
        const method = row.route.split(' ')[0] ?? 'GET';
        const outcomes: number[] = [];
        for (const where of WHERE) {
          const locationId = fx.locations[where].id;
          const userId = role === 'anonymous' ? null : fx.users[role].id;
          const cookie =
            userId === null
              ? undefined
              : row.endsSession
                ? await sessionCookieFor(db, userId)
                : cookies[role];
          const res = await call(app, method, row.path(locationId), {
            cookie,
            headers: row.headers,
            body:
              typeof row.body === 'function'
                ? row.body(locationId)
                : row.body === 'location'
                  ? { locationId }
                  : row.body,
          });
          outcomes.push(res.status);
          if (res.status >= 400) apiErrorSchema.parse(res.json);
        }
        expect(outcomes).toEqual([...row.expect[role]]);
      });
    }
  }

  test('nothing in the matrix changed an order or made one', async () => {
    const orders = await db.query<{ status: string; version: number }>('SELECT status, version FROM orders');
    expect(orders).toEqual(Array.from({ length: 3 }, () => ({ status: 'submitted', version: 1 })));
  });

  test('nothing in the matrix completed a count', async () => {
    expect(await db.query('SELECT 1 FROM count_completions')).toHaveLength(1);
  });
});
