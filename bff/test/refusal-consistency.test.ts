import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { listPermissionsOfRole } from '@db/repositories/role-permissions.ts';
import { ADMIN_ONLY_MESSAGE } from '@db/use-cases/admin-rules.ts';
import { type EndpointSpec, endpointKey } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { ERROR_CATALOGUE } from '@engine/errors/error-catalogue.ts';
import {
  LOCATION_FORBIDDEN_MESSAGE,
  NO_PERMISSIONS_MESSAGE,
  notFoundMessage,
  permissionMessage,
  SIGN_IN_MESSAGE,
} from '@engine/errors/refusal-messages.ts';
import { type RoleKey, resolvePermissions } from '@engine/permissions.ts';
import { type Fixture, sessionCookieFor } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

/**
 * The same refusal reads the same on every route: walks every declaration as a signed-out caller, as users
 * whose role lacks the route's permission, from another site and at a café outside the user's scope, and
 * compares code and message, not only the status.
 */
let db: Db;
let fx: Fixture;
let app: TestApp;

beforeAll(async () => {
  ({ db, fx, app } = await openTestWorld());
});
afterAll(() => db.close());

async function permissionsOf(role: RoleKey): Promise<ReadonlySet<string>> {
  return resolvePermissions(role, { [role]: await listPermissionsOfRole(db, role) });
}

function allows(permissions: ReadonlySet<string>, endpoint: EndpointSpec): boolean {
  return typeof endpoint.access !== 'object' || endpoint.access.anyOf.some((key) => permissions.has(key));
}

const PERMISSION_SHAPE = /^You do not have permission to .+\.$/;

/** Any value for each path parameter; `locationId` when given. Refusals before validation ignore them. */
function pathOf(endpoint: EndpointSpec, locationId = 1): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    name === 'locationId' ? String(locationId) : '1',
  );
}

/**
 * A call with a body that is not even JSON where the route takes one: a refusal of who is calling must
 * come before anything about the input, so the body must not matter (nor be read).
 */
function request(endpoint: EndpointSpec, options: { cookie?: string; origin?: string | null } = {}) {
  return call(app, endpoint.method, pathOf(endpoint), {
    ...options,
    body: endpoint.body ? '{"not json' : undefined,
    headers: endpoint.body ? { 'content-type': 'application/json' } : undefined,
  });
}

describe('the same refusal, the same answer', () => {
  test('signed out: every route that needs a session answers the one 401', async () => {
    const guarded = ALL_ENDPOINTS.filter((endpoint) => endpoint.access !== 'public');
    expect(guarded.length).toBeGreaterThan(40);
    for (const endpoint of guarded) {
      const res = await request(endpoint);
      expect({ route: endpointKey(endpoint), status: res.status, body: res.json }).toEqual({
        route: endpointKey(endpoint),
        status: 401,
        body: { code: 'unauthorized', message: SIGN_IN_MESSAGE },
      });
    }
  });

  test('a tampered session cookie is the same 401 as none', async () => {
    const res = await call(app, 'GET', '/api/auth/user', { cookie: 'sid=not-a-session' });
    expect(res.json).toEqual({ code: 'unauthorized', message: SIGN_IN_MESSAGE });
  });

  test("without the route's permission: 403 'You do not have permission to …' naming what was refused", async () => {
    let refusals = 0;
    for (const [name, user] of Object.entries(fx.users)) {
      if (name === 'deactivated') continue;
      const permissions = await permissionsOf(user.role);
      const cookie = await sessionCookieFor(db, user.id);
      for (const endpoint of ALL_ENDPOINTS) {
        const access = endpoint.access;
        if (typeof access !== 'object' || allows(permissions, endpoint)) continue;
        const res = await request(endpoint, { cookie });
        expect({ route: endpointKey(endpoint), as: name, status: res.status, body: res.json }).toEqual({
          route: endpointKey(endpoint),
          as: name,
          status: 403,
          body: { code: 'forbidden', message: permissionMessage(access.to) },
        });
        refusals += 1;
      }
    }
    expect(refusals).toBeGreaterThan(30);
  });

  test('every permission refusal written anywhere has the same shape', () => {
    for (const endpoint of ALL_ENDPOINTS) {
      if (typeof endpoint.access === 'object') {
        expect(permissionMessage(endpoint.access.to)).toMatch(PERMISSION_SHAPE);
        expect(endpoint.access.to, endpointKey(endpoint)).not.toMatch(/^(to |You )|\.$/);
      }
    }
    for (const message of [NO_PERMISSIONS_MESSAGE, LOCATION_FORBIDDEN_MESSAGE, ADMIN_ONLY_MESSAGE]) {
      expect(message).toMatch(PERMISSION_SHAPE);
    }
  });

  test('from another site: every write answers the one cross-site refusal', async () => {
    const cookie = await sessionCookieFor(db, fx.users.admin.id);
    const writes = ALL_ENDPOINTS.filter((endpoint) => endpoint.method !== 'GET');
    for (const endpoint of writes) {
      for (const origin of [null, 'https://evil.example']) {
        const res = await request(endpoint, { cookie, origin });
        expect({ route: endpointKey(endpoint), status: res.status, body: res.json }).toEqual({
          route: endpointKey(endpoint),
          status: 403,
          body: { code: 'cross_site_refused', message: ERROR_CATALOGUE.cross_site_refused.message },
        });
      }
    }
  });

  test("outside the user's cafés: every location route answers the one 403", async () => {
    const cookie = await sessionCookieFor(db, fx.users.districtManager.id);
    const permissions = await permissionsOf(fx.users.districtManager.role);
    const foreign = fx.locations.foreign.id;
    let refusals = 0;
    for (const endpoint of ALL_ENDPOINTS) {
      const scope = endpoint.scope;
      if (scope.kind !== 'location' || !allows(permissions, endpoint)) continue;
      const path = pathOf(endpoint, foreign);
      const res = await call(
        app,
        endpoint.method,
        scope.in === 'query' ? `${path}?locationId=${foreign}` : path,
        {
          cookie,
          body: endpoint.body ? { locationId: foreign } : undefined,
        },
      );
      // Routes whose body needs more than a location stop at validation first; every 403 must be this one.
      if (res.status === 400) continue;
      expect({ route: endpointKey(endpoint), status: res.status, body: res.json }).toEqual({
        route: endpointKey(endpoint),
        status: 403,
        body: { code: 'forbidden', message: LOCATION_FORBIDDEN_MESSAGE },
      });
      refusals += 1;
    }
    expect(refusals).toBeGreaterThan(8);
  });

  test('a record that is not there reads "<Thing> not found." on every route', async () => {
    const cookie = await sessionCookieFor(db, fx.users.admin.id);
    const missing = [
      ['GET', '/api/orders/999999', {}, 'order'],
      ['PATCH', '/api/admin/users/999999', { firstName: 'X' }, 'user'],
      ['PATCH', '/api/admin/districts/999999', { name: 'X' }, 'district'],
      ['PATCH', '/api/admin/locations/999999', { name: 'X' }, 'location'],
      ['PATCH', '/api/admin/products/999999', { name: 'X' }, 'product'],
      ['PATCH', '/api/admin/tasks/999999', { title: 'X' }, 'task'],
    ] as const;
    for (const [method, path, body, thing] of missing) {
      const res = await call(app, method, path, { cookie, body: method === 'GET' ? undefined : body });
      expect({ path, status: res.status, body: res.json }).toEqual({
        path,
        status: 404,
        body: { code: 'not_found', message: notFoundMessage(thing) },
      });
    }
  });

  test('a JSON route called without a body says so the same way everywhere', async () => {
    const cookie = await sessionCookieFor(db, fx.users.admin.id);
    const withBody = ALL_ENDPOINTS.filter((endpoint) => endpoint.body);
    const answers = new Set<string>();
    for (const endpoint of withBody) {
      for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
        const res = await call(app, endpoint.method, pathOf(endpoint), { cookie, headers });
        expect(res.status, endpointKey(endpoint)).toBe(400);
        answers.add(JSON.stringify(res.json));
      }
    }
    expect([...answers]).toEqual([
      JSON.stringify({ code: 'validation_failed', message: 'The request must be a JSON object, not empty.' }),
    ]);
  });
});
