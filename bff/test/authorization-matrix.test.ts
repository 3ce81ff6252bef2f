import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../db/src/client.ts';
import { openTestDb } from '../../db/src/testing/test-db.ts';
import { apiErrorSchema } from '../../engine/src/api-schemas.ts';
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
  body?: unknown;
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

const MATRIX: readonly MatrixRow[] = [
  { route: 'GET /api/health', path: () => '/api/health', expect: anyone(200) },
  { route: 'POST /api/auth/login', path: () => '/api/auth/login', body: {}, expect: anyone(400) },
  { route: 'POST /api/auth/logout', path: () => '/api/auth/logout', endsSession: true, expect: anyone(204) },
  { route: 'GET /api/login', path: () => '/api/login', expect: anyone(302) },
  { route: 'GET /api/logout', path: () => '/api/logout', endsSession: true, expect: anyone(302) },
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
});
afterAll(() => db.close());

describe('authorization matrix', () => {
  test('covers every API route of the app', () => {
    const appRoutes = app.routes
      .filter((route) => route.path.startsWith('/api/') && route.path !== '/api/*')
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(MATRIX.map((row) => row.route).sort()).toEqual(appRoutes);
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
            body: row.body === 'location' ? { locationId } : row.body,
          });
          outcomes.push(res.status);
          if (res.status >= 400) apiErrorSchema.parse(res.json);
        }
        expect(outcomes).toEqual([...row.expect[role]]);
      });
    }
  }

  test('nothing in the matrix completed a count', async () => {
    expect(await db.query('SELECT 1 FROM count_completions')).toHaveLength(1);
  });
});
