import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { DISTRICTS_FOR_MANAGERS_MESSAGE, NO_CAFES_FOR_ADMINS_MESSAGE } from '@db/repositories/user-admin.ts';
import { ADMIN_ONLY_MESSAGE } from '@db/use-cases/admin-rules.ts';
import {
  SELF_DEACTIVATION_MESSAGE,
  SELF_PASSWORD_RESET_MESSAGE,
  SELF_ROLE_CHANGE_MESSAGE,
} from '@db/use-cases/user-admin-rules.ts';
import { adminUserSchema, userWithOneTimePasswordSchema } from '@engine/user-admin-schemas.ts';
import { FIXTURE_PASSWORD, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, sidFrom } from './http.ts';
import { expectStaleEditRefused } from './stale-edit.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin },
  } = await openTestWorld(['admin']));
});
afterAll(() => db.close());

const signIn = (email: string, password: string) =>
  call(app, 'POST', '/api/auth/login', { body: { email, password } });

async function auditRows(
  entityId: number,
): Promise<{ action: string; actor_id: number; before: unknown; after: unknown }[]> {
  return db.query(
    `SELECT action, actor_id, before, after FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id`,
    [String(entityId)],
  );
}

describe('GET /api/admin/users', () => {
  test('every user with role, active, places by id and by name, and last sign-in', async () => {
    const res = await call(app, 'GET', '/api/admin/users', { cookie: admin });
    expect(res.status).toBe(200);
    const users = adminUserSchema.array().parse(res.json);
    const staff = users.find((u) => u.id === fx.users.staff.id);
    expect(staff).toMatchObject({
      email: 'staff@example.test',
      role: 'staff',
      active: true,
      locationIds: [fx.locations.closed.id, fx.locations.own.id],
      locationCodes: ['AP', 'DT'],
      districtIds: [],
      lastLoginAt: null,
    });
    expect(users.find((u) => u.id === fx.users.districtManager.id)).toMatchObject({
      districtIds: [fx.districts.north],
      districtNames: ['North'],
    });
    expect(users.find((u) => u.id === fx.users.deactivated.id)?.active).toBe(false);
  });
});

describe('POST /api/admin/users (invite)', () => {
  test('creates the user with a one-time password shown once, which signs in and must be changed', async () => {
    const res = await call(app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: {
        email: ' Nora@Example.test ',
        firstName: 'Nora',
        lastName: 'Quinn',
        role: 'cafe_manager',
        locationIds: [fx.locations.own.id, fx.locations.sibling.id],
      },
    });
    expect(res.status).toBe(201);
    const { user, oneTimePassword } = userWithOneTimePasswordSchema.parse(res.json);
    expect(user).toMatchObject({
      email: 'nora@example.test',
      role: 'cafe_manager',
      active: true,
      mustChangePassword: true,
      locationCodes: ['DT', 'HB'],
    });
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    expect((await signIn('nora@example.test', oneTimePassword)).status).toBe(200);

    // The list never shows the password again.
    const list = await call(app, 'GET', '/api/admin/users', { cookie: admin });
    expect(list.text).not.toContain(oneTimePassword);
    const [audit] = await auditRows(user.id);
    expect(audit).toMatchObject({ action: 'user.invite', actor_id: fx.users.admin.id, before: null });
    expect(JSON.stringify(audit?.after)).not.toContain(oneTimePassword);
  });

  test('a taken email, in any case, is a 409 and creates nothing', async () => {
    const before = await db.query('SELECT id FROM users');
    const res = await call(app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: { email: 'STAFF@example.test', role: 'staff' },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'conflict',
      message: 'A user with the email staff@example.test already exists.',
    });
    expect(await db.query('SELECT id FROM users')).toHaveLength(before.length);
  });

  test('bad input is a 400 naming the problem', async () => {
    const invite = (body: unknown) => call(app, 'POST', '/api/admin/users', { cookie: admin, body });
    expect((await invite({ email: 'x@example.test', role: 'owner' })).json).toMatchObject({
      code: 'validation_failed',
      message: "Unknown role 'owner'. Valid roles: staff, cafe_manager, district_manager, admin",
    });
    expect((await invite({ role: 'staff' })).json).toMatchObject({ message: 'Email is required' });
    const unknownPlace = await invite({ email: 'y@example.test', role: 'staff', locationIds: [999_999] });
    expect(unknownPlace.status).toBe(400);
    expect(unknownPlace.json).toMatchObject({ message: 'Unknown location id: 999999' });
    expect(await db.query(`SELECT 1 FROM users WHERE email IN ('x@example.test', 'y@example.test')`)).toEqual(
      [],
    );
  });
});

describe('PATCH /api/admin/users/:id', () => {
  test('changes names, role and places; the audit row has before and after', async () => {
    const target = fx.users.cafeManager.id;
    const res = await call(app, 'PATCH', `/api/admin/users/${target}`, {
      cookie: admin,
      body: {
        firstName: 'Mina',
        role: 'district_manager',
        locationIds: [],
        districtIds: [fx.districts.south],
      },
    });
    expect(res.status).toBe(200);
    expect(adminUserSchema.parse(res.json)).toMatchObject({
      firstName: 'Mina',
      lastName: 'Manager',
      role: 'district_manager',
      locationIds: [],
      districtIds: [fx.districts.south],
    });
    const [audit] = await auditRows(target);
    expect(audit).toMatchObject({
      action: 'user.update',
      before: { firstName: 'Mia', role: 'cafe_manager', locationIds: [fx.locations.own.id] },
      after: { firstName: 'Mina', role: 'district_manager', districtIds: [fx.districts.south] },
    });
    // The new role applies to the user's very next request: no new sign-in needed.
    const cookie = await sessionCookieFor(db, target);
    expect((await call(app, 'GET', '/api/auth/user-role', { cookie })).json).toEqual({
      role: 'district_manager',
    });
  });

  test("an edit made against a person changed since is refused: another administrator's cafés are kept", async () => {
    const target = fx.users.staff.id;
    await expectStaleEditRefused({
      what: 'person',
      read: async () =>
        adminUserSchema
          .array()
          .parse((await call(app, 'GET', '/api/admin/users', { cookie: admin })).json)
          .find((user) => user.id === target),
      patch: (body) => call(app, 'PATCH', `/api/admin/users/${target}`, { cookie: admin, body }),
      first: { locationIds: [fx.locations.own.id, fx.locations.sibling.id] },
      second: { firstName: 'Sam', locationIds: [fx.locations.sibling.id] },
    });
  });

  test('districts are for district managers only: refused for other roles, dropped when the role changes', async () => {
    const invite = await call(app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: {
        email: 'dana@example.test',
        firstName: 'Dana',
        lastName: 'Diaz',
        role: 'district_manager',
        districtIds: [fx.districts.north],
      },
    });
    expect(invite.status).toBe(201);
    const dana = userWithOneTimePasswordSchema.parse(invite.json).user.id;
    const refused = [
      await call(app, 'POST', '/api/admin/users', {
        cookie: admin,
        body: {
          email: 'sol@example.test',
          firstName: 'Sol',
          lastName: 'Ruiz',
          role: 'staff',
          districtIds: [fx.districts.north],
        },
      }),
      await call(app, 'PATCH', `/api/admin/users/${fx.users.staff.id}`, {
        cookie: admin,
        body: { districtIds: [fx.districts.north] },
      }),
      await call(app, 'PATCH', `/api/admin/users/${dana}`, {
        cookie: admin,
        body: { role: 'cafe_manager', districtIds: [fx.districts.south] },
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: DISTRICTS_FOR_MANAGERS_MESSAGE });
    }
    expect(await db.query(`SELECT 1 FROM users WHERE email = 'sol@example.test'`)).toEqual([]);
    const [staff] = await db.query('SELECT 1 FROM user_districts WHERE user_id = $1', [fx.users.staff.id]);
    expect(staff).toBeUndefined();

    const demoted = await call(app, 'PATCH', `/api/admin/users/${dana}`, {
      cookie: admin,
      body: { role: 'cafe_manager', locationIds: [fx.locations.own.id] },
    });
    expect(adminUserSchema.parse(demoted.json)).toMatchObject({ role: 'cafe_manager', districtIds: [] });
  });

  test('administrators are given no cafés: refused when asked, dropped when the role becomes admin', async () => {
    const refused = await call(app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: {
        email: 'ola@example.test',
        firstName: 'Ola',
        lastName: 'Berg',
        role: 'admin',
        locationIds: [fx.locations.own.id],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ message: NO_CAFES_FOR_ADMINS_MESSAGE });
    const invite = await call(app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: {
        email: 'ola@example.test',
        firstName: 'Ola',
        lastName: 'Berg',
        role: 'cafe_manager',
        locationIds: [fx.locations.own.id],
      },
    });
    const ola = userWithOneTimePasswordSchema.parse(invite.json).user.id;
    const promoted = await call(app, 'PATCH', `/api/admin/users/${ola}`, {
      cookie: admin,
      body: { role: 'admin' },
    });
    expect(adminUserSchema.parse(promoted.json)).toMatchObject({ role: 'admin', locationIds: [] });
    const given = await call(app, 'PATCH', `/api/admin/users/${ola}`, {
      cookie: admin,
      body: { locationIds: [fx.locations.own.id] },
    });
    expect(given.json).toMatchObject({ message: NO_CAFES_FOR_ADMINS_MESSAGE });
    // Later tests count the active administrators.
    await call(app, 'PATCH', `/api/admin/users/${ola}`, { cookie: admin, body: { active: false } });
  });

  test('deactivating ends their sessions at once: the old cookie is a 401 on the next request', async () => {
    const target = fx.users.staff.id;
    const login = await signIn('staff@example.test', FIXTURE_PASSWORD);
    const cookie = sidFrom(login.headers.get('set-cookie'));
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(200);

    const res = await call(app, 'PATCH', `/api/admin/users/${target}`, {
      cookie: admin,
      body: { active: false },
    });
    expect(res.status).toBe(200);
    expect(adminUserSchema.parse(res.json).active).toBe(false);
    expect(await db.query('SELECT 1 FROM sessions WHERE user_id = $1', [target])).toEqual([]);
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect((await signIn('staff@example.test', FIXTURE_PASSWORD)).status).toBe(403);
    expect((await auditRows(target)).at(-1)?.action).toBe('user.deactivate');

    // Reactivated, they can sign in again.
    await call(app, 'PATCH', `/api/admin/users/${target}`, { cookie: admin, body: { active: true } });
    expect((await signIn('staff@example.test', FIXTURE_PASSWORD)).status).toBe(200);
  });

  test('an administrator cannot deactivate or re-role themselves (409), and nothing changes', async () => {
    const self = `/api/admin/users/${fx.users.admin.id}`;
    const deactivate = await call(app, 'PATCH', self, { cookie: admin, body: { active: false } });
    expect(deactivate.status).toBe(409);
    expect(deactivate.json).toEqual({ code: 'conflict', message: SELF_DEACTIVATION_MESSAGE });
    const demote = await call(app, 'PATCH', self, { cookie: admin, body: { role: 'staff', firstName: 'X' } });
    expect(demote.status).toBe(409);
    expect(demote.json).toEqual({ code: 'conflict', message: SELF_ROLE_CHANGE_MESSAGE });
    const [row] = await db.query<{ active: boolean; role_key: string; first_name: string }>(
      'SELECT active, role_key, first_name FROM users WHERE id = $1',
      [fx.users.admin.id],
    );
    expect(row).toEqual({ active: true, role_key: 'admin', first_name: 'Ada' });
    expect((await call(app, 'GET', '/api/auth/user', { cookie: admin })).status).toBe(200);
    // Renaming oneself is fine.
    expect((await call(app, 'PATCH', self, { cookie: admin, body: { lastName: 'Lovelace' } })).status).toBe(
      200,
    );
  });

  test('two administrators deactivating each other at once: one wins, one administrator remains', async () => {
    const [other] = await db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, password_hash, role_key) VALUES ('ops@example.test', 'Oli', 'x', 'admin')
       RETURNING id`,
    );
    const otherId = other?.id ?? 0;
    const otherCookie = await sessionCookieFor(db, otherId);
    const [first, second] = await Promise.all([
      call(app, 'PATCH', `/api/admin/users/${otherId}`, { cookie: admin, body: { active: false } }),
      call(app, 'PATCH', `/api/admin/users/${fx.users.admin.id}`, {
        cookie: otherCookie,
        body: { active: false },
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 401]);
    const active = await db.query(`SELECT id FROM users WHERE role_key = 'admin' AND active`);
    expect(active).toHaveLength(1);
    // Put things back for the tests after this one.
    await db.query('UPDATE users SET active = true WHERE id = $1', [fx.users.admin.id]);
    if (first.status !== 200) admin = await sessionCookieFor(db, fx.users.admin.id);
    await db.query('UPDATE users SET active = false WHERE id = $1', [otherId]);
  });

  test('unknown user 404, malformed id 400, empty change 400, unknown field 400', async () => {
    const patch = (path: string, body: unknown) => call(app, 'PATCH', path, { cookie: admin, body });
    expect((await patch('/api/admin/users/999999', { active: true })).json).toEqual({
      code: 'not_found',
      message: 'User not found.',
    });
    expect((await patch('/api/admin/users/abc', { active: true })).json).toMatchObject({
      code: 'validation_failed',
      message: 'id must be a whole number',
    });
    expect((await patch(`/api/admin/users/${fx.users.staff.id}`, {})).json).toMatchObject({
      message: 'Send at least one field to change.',
    });
    expect((await patch(`/api/admin/users/${fx.users.staff.id}`, { email: 'x@y.z' })).json).toMatchObject({
      message: 'Unknown field: email',
    });
  });
});

describe('POST /api/admin/users/:id/reset-password', () => {
  test('a new one-time password; the old password and every session stop working', async () => {
    const target = fx.users.districtManager.id;
    const login = await signIn('district@example.test', FIXTURE_PASSWORD);
    const cookie = sidFrom(login.headers.get('set-cookie'));

    const res = await call(app, 'POST', `/api/admin/users/${target}/reset-password`, { cookie: admin });
    expect(res.status).toBe(200);
    const { user, oneTimePassword } = userWithOneTimePasswordSchema.parse(res.json);
    expect(user.mustChangePassword).toBe(true);
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect((await signIn('district@example.test', FIXTURE_PASSWORD)).status).toBe(401);
    expect((await signIn('district@example.test', oneTimePassword)).status).toBe(200);
    expect((await auditRows(target)).at(-1)).toMatchObject({
      action: 'user.reset_password',
      actor_id: fx.users.admin.id,
    });
  });

  test('an unknown user is a 404', async () => {
    const res = await call(app, 'POST', '/api/admin/users/999999/reset-password', { cookie: admin });
    expect(res.status).toBe(404);
  });

  test('an administrator cannot reset their own password (409): the password, the session and the log stay', async () => {
    const self = fx.users.admin.id;
    const [before] = await db.query<{ password_hash: string; must_change_password: boolean }>(
      'SELECT password_hash, must_change_password FROM users WHERE id = $1',
      [self],
    );
    const auditBefore = (await auditRows(self)).length;
    const res = await call(app, 'POST', `/api/admin/users/${self}/reset-password`, { cookie: admin });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ code: 'conflict', message: SELF_PASSWORD_RESET_MESSAGE });
    const [after] = await db.query('SELECT password_hash, must_change_password FROM users WHERE id = $1', [
      self,
    ]);
    expect(after).toEqual(before);
    expect(await auditRows(self)).toHaveLength(auditBefore);
    expect((await call(app, 'GET', '/api/auth/user', { cookie: admin })).status).toBe(200);
  });
});

describe('admin_panel granted to another role', () => {
  test('it may manage users but not create, change or reset an administrator', async () => {
    await db.query(
      `INSERT INTO role_permissions (role_key, permission_key) VALUES ('cafe_manager', 'admin_panel')`,
    );
    try {
      const [manager] = await db.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, role_key) VALUES ('delegate@example.test', 'x', 'cafe_manager')
         RETURNING id`,
      );
      const cookie = await sessionCookieFor(db, manager?.id ?? 0);
      expect((await call(app, 'GET', '/api/admin/users', { cookie })).status).toBe(200);
      const makeAdmin = await call(app, 'POST', '/api/admin/users', {
        cookie,
        body: { email: 'boss@example.test', role: 'admin' },
      });
      expect(makeAdmin.status).toBe(403);
      expect(makeAdmin.json).toEqual({ code: 'forbidden', message: ADMIN_ONLY_MESSAGE });
      const touchAdmin = await call(app, 'POST', `/api/admin/users/${fx.users.admin.id}/reset-password`, {
        cookie,
      });
      expect(touchAdmin.status).toBe(403);
      const promote = await call(app, 'PATCH', `/api/admin/users/${fx.users.deactivated.id}`, {
        cookie,
        body: { role: 'admin' },
      });
      expect(promote.status).toBe(403);
      const invite = await call(app, 'POST', '/api/admin/users', {
        cookie,
        body: { email: 'barista@example.test', role: 'staff' },
      });
      expect(invite.status).toBe(201);
    } finally {
      await db.query(
        `DELETE FROM role_permissions WHERE role_key = 'cafe_manager' AND permission_key = 'admin_panel'`,
      );
    }
  });
});
