import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@bff/auth/session-access.ts';
import { hashSessionId } from '@bff/auth/session-cookie.ts';
import type { Db } from '@db/client.ts';
import { verifyPassword } from '@db/password.ts';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '@db/use-cases/change-password.ts';
import { apiErrorSchema, authUserSchema } from '@engine/api-schemas.ts';
import { endpointKey } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { SAME_PASSWORD_MESSAGE } from '@engine/password-change-schemas.ts';
import { SIGN_IN_LIMITS } from '@engine/sign-in-limits.ts';
import { userWithOneTimePasswordSchema } from '@engine/user-admin-schemas.ts';
import { FIXTURE_PASSWORD, type Fixture, sessionCookieFor } from './fixtures.ts';
import { type CallOptions, call, setCookieOf, sidFrom } from './http.ts';
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
// Failed attempts from one test must not hold back the next.
beforeEach(() => db.exec('DELETE FROM login_attempts; DELETE FROM sign_in_throttles'));

const NEW_PASSWORD = 'a kettle of fresh oat milk';
let invitations = 0;

interface Invited {
  id: number;
  email: string;
  oneTimePassword: string;
  /** A session signed in with the one-time password. */
  cookie: string;
}

/** A new staff member invited by the administrator, signed in with their one-time password. */
async function invite(): Promise<Invited> {
  invitations += 1;
  const email = `invited${invitations}@example.test`;
  const res = await call(app, 'POST', '/api/admin/users', {
    cookie: admin,
    body: { email, firstName: 'Ivy', lastName: 'Invited', role: 'staff', locationIds: [fx.locations.own.id] },
  });
  expect(res.status).toBe(201);
  const { user, oneTimePassword } = userWithOneTimePasswordSchema.parse(res.json);
  const login = await signIn(email, oneTimePassword);
  expect(login.status).toBe(200);
  return { id: user.id, email, oneTimePassword, cookie: sidFrom(setCookieOf(login)) };
}

const signIn = (email: string, password: string) =>
  call(app, 'POST', '/api/auth/login', { body: { email, password } });

const changePassword = (cookie: string | undefined, body: unknown, options: CallOptions = {}) =>
  call(app, 'POST', '/api/auth/change-password', { ...options, cookie, body });

async function sessionsOf(userId: number): Promise<string[]> {
  const rows = await db.query<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE user_id = $1', [
    userId,
  ]);
  return rows.map((row) => row.id_hash);
}

async function storedUser(userId: number): Promise<{ hash: string; mustChange: boolean }> {
  const [row] = await db.query<{ hash: string; mustChange: boolean }>(
    'SELECT password_hash AS hash, must_change_password AS "mustChange" FROM users WHERE id = $1',
    [userId],
  );
  if (!row) throw new Error(`No user ${userId}`);
  return row;
}

async function failedAttempts(email: string): Promise<number> {
  const rows = await db.query('SELECT 1 FROM login_attempts WHERE email = $1 AND NOT succeeded', [email]);
  return rows.length;
}

describe('the signed-in user says whether the password must change', () => {
  test('false for someone on their own password, true after an invitation, at sign-in and after', async () => {
    const own = await signIn('staff@example.test', FIXTURE_PASSWORD);
    expect(authUserSchema.parse(own.json).mustChangePassword).toBe(false);

    const invited = await invite();
    const me = await call(app, 'GET', '/api/auth/user', { cookie: invited.cookie });
    expect(me.status).toBe(200);
    expect(authUserSchema.parse(me.json)).toMatchObject({ email: invited.email, mustChangePassword: true });
  });
});

describe('while the password must change', () => {
  // Routes that never look at the session: they behave the same for everyone.
  const PUBLIC: Record<string, number> = {
    'GET /api/health': 200,
    'POST /api/auth/login': 400,
    'POST /api/auth/logout': 204,
    'GET /api/login': 302,
    'GET /api/logout': 200,
    'GET /api/openapi.json': 200,
    'GET /api/reference': 200,
  };
  // What the open routes answer the call below (no body, so the change itself is a 400).
  const OPEN: Record<string, number> = {
    'GET /api/auth/user': 200,
    'GET /api/auth/user-role': 200,
    'GET /api/permissions': 200,
    'GET /api/admin/ui-settings': 200,
    'POST /api/auth/change-password': 400,
  };

  test('the open list is exactly what this test expects to stay open', () => {
    const declaredOpen = ALL_ENDPOINTS.filter((endpoint) => endpoint.openDuringPasswordChange).map(
      endpointKey,
    );
    expect(declaredOpen.sort()).toEqual(Object.keys(OPEN).sort());
  });

  test('every other API route of the app answers 403 password_change_required', async () => {
    const invited = await invite();
    const routes = app.routes
      .filter((route) => route.path.startsWith('/api/') && route.path !== '/api/*')
      .map((route) => ({ method: route.method, path: route.path, key: `${route.method} ${route.path}` }));
    expect(routes.length).toBeGreaterThan(Object.keys(PUBLIC).length + Object.keys(OPEN).length);

    const refused: string[] = [];
    for (const route of routes) {
      // Path parameters get a plausible id; the refusal comes before anything reads them.
      const path = route.path.replace(/:[A-Za-z]+/g, '1');
      // Signing out ends the session it is given, so those calls get one of their own.
      const cookie = route.path.includes('logout')
        ? sidFrom(setCookieOf(await signIn(invited.email, invited.oneTimePassword)))
        : invited.cookie;
      const body = route.method === 'GET' ? undefined : {};
      const res = await call(app, route.method, path, { cookie, body });
      const expected = PUBLIC[route.key] ?? OPEN[route.key];
      if (expected !== undefined) {
        expect({ route: route.key, status: res.status }).toEqual({ route: route.key, status: expected });
        continue;
      }
      expect({ route: route.key, status: res.status, body: res.json }).toEqual({
        route: route.key,
        status: 403,
        body: { code: 'password_change_required', message: PASSWORD_CHANGE_REQUIRED_MESSAGE },
      });
      refused.push(route.key);
    }
    expect(refused).toContain('GET /api/user/locations');
    expect(refused).toContain('GET /api/admin/users');
  });

  test('a user without any permissions still gets the password message first', async () => {
    const invited = await invite();
    const taken = await db.query<{ key: string }>(
      `DELETE FROM role_permissions WHERE role_key = 'staff' RETURNING permission_key AS key`,
    );
    try {
      const res = await call(app, 'GET', '/api/products', { cookie: invited.cookie });
      expect(res.json).toEqual({
        code: 'password_change_required',
        message: PASSWORD_CHANGE_REQUIRED_MESSAGE,
      });
    } finally {
      await db.query(
        `INSERT INTO role_permissions (role_key, permission_key) SELECT 'staff', unnest($1::text[])`,
        [taken.map((row) => row.key)],
      );
    }
  });
});

describe('POST /api/auth/change-password', () => {
  test('replaces the one-time password: new argon2id hash, flag cleared, the app opens up', async () => {
    const invited = await invite();
    const res = await changePassword(invited.cookie, {
      currentPassword: invited.oneTimePassword,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(authUserSchema.parse(res.json)).toMatchObject({
      id: invited.id,
      email: invited.email,
      mustChangePassword: false,
    });

    const stored = await storedUser(invited.id);
    expect(stored.mustChange).toBe(false);
    expect(stored.hash).toStartWith('$argon2id$');
    expect(await verifyPassword(NEW_PASSWORD, stored.hash)).toBe(true);

    const cookie = sidFrom(setCookieOf(res));
    expect((await call(app, 'GET', '/api/user/locations', { cookie })).status).toBe(200);
    const me = authUserSchema.parse((await call(app, 'GET', '/api/auth/user', { cookie })).json);
    expect(me.mustChangePassword).toBe(false);
  });

  test('only the new password signs in afterwards', async () => {
    const invited = await invite();
    await changePassword(invited.cookie, {
      currentPassword: invited.oneTimePassword,
      newPassword: NEW_PASSWORD,
    });
    expect((await signIn(invited.email, invited.oneTimePassword)).status).toBe(401);
    const again = await signIn(invited.email, NEW_PASSWORD);
    expect(again.status).toBe(200);
    expect(authUserSchema.parse(again.json).mustChangePassword).toBe(false);
  });

  test('the session is rotated and every other session of the user ends', async () => {
    const invited = await invite();
    const otherDevice = sidFrom(setCookieOf(await signIn(invited.email, invited.oneTimePassword)));
    const someoneElse = await sessionCookieFor(db, fx.users.staff.id);
    expect(await sessionsOf(invited.id)).toHaveLength(2);

    const res = await changePassword(invited.cookie, {
      currentPassword: invited.oneTimePassword,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    const setCookie = setCookieOf(res) ?? '';
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    const rotated = sidFrom(setCookie);
    expect(rotated).not.toBe(invited.cookie);

    expect(await sessionsOf(invited.id)).toEqual([hashSessionId(rotated.slice('sid='.length))]);
    expect((await call(app, 'GET', '/api/auth/user', { cookie: invited.cookie })).status).toBe(401);
    expect((await call(app, 'GET', '/api/auth/user', { cookie: otherDevice })).status).toBe(401);
    expect((await call(app, 'GET', '/api/auth/user', { cookie: rotated })).status).toBe(200);
    // Other people's sessions are not touched.
    expect((await call(app, 'GET', '/api/auth/user', { cookie: someoneElse })).status).toBe(200);
  });

  test('writes an audit row about the change, with no password material in it', async () => {
    const invited = await invite();
    await signIn(invited.email, invited.oneTimePassword);
    const before = await storedUser(invited.id);
    await changePassword(invited.cookie, {
      currentPassword: invited.oneTimePassword,
      newPassword: NEW_PASSWORD,
    });
    const after = await storedUser(invited.id);

    const rows = await db.query<{ actor_id: number; action: string; before: unknown; after: unknown }>(
      `SELECT actor_id, action, before, after FROM audit_log
        WHERE entity = 'user' AND entity_id = $1 AND action = 'user.change_password'`,
      [String(invited.id)],
    );
    expect(rows).toEqual([
      {
        actor_id: invited.id,
        action: 'user.change_password',
        before: { mustChangePassword: true },
        after: { mustChangePassword: false, otherSessionsEnded: 1 },
      },
    ]);
    const text = JSON.stringify(rows);
    for (const secret of [invited.oneTimePassword, NEW_PASSWORD, before.hash, after.hash, '$argon2']) {
      expect(text).not.toContain(secret);
    }
  });

  test('someone already on their own password may change it too', async () => {
    const user = fx.users.cafeManager;
    const cookie = sidFrom(setCookieOf(await signIn(user.email, FIXTURE_PASSWORD)));
    const res = await changePassword(cookie, {
      currentPassword: FIXTURE_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(authUserSchema.parse(res.json).mustChangePassword).toBe(false);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    // Back to the fixture password, through the same call.
    const back = await changePassword(sidFrom(setCookieOf(res)), {
      currentPassword: NEW_PASSWORD,
      newPassword: FIXTURE_PASSWORD,
    });
    expect(back.status).toBe(200);
  });

  test('a wrong current password: 400 on that field, counted as a failed attempt, nothing changes', async () => {
    const invited = await invite();
    const before = await storedUser(invited.id);
    const res = await changePassword(invited.cookie, {
      currentPassword: 'not the one-time password',
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'validation_failed',
      message: WRONG_CURRENT_PASSWORD_MESSAGE,
      details: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }],
    });
    expect(WRONG_CURRENT_PASSWORD_MESSAGE).toBe('Your current password is incorrect.');
    expect(setCookieOf(res)).toBeNull();
    expect(await storedUser(invited.id)).toEqual(before);
    expect(await failedAttempts(invited.email)).toBe(1);
    // The session is still the one it was, still held to the change.
    expect((await call(app, 'GET', '/api/products', { cookie: invited.cookie })).status).toBe(403);
  });

  test(`after ${SIGN_IN_LIMITS.pair.freeFailures} wrong current passwords: 429 here and at sign-in`, async () => {
    const invited = await invite();
    for (let i = 0; i < SIGN_IN_LIMITS.pair.freeFailures; i++) {
      const wrong = await changePassword(invited.cookie, {
        currentPassword: `wrong ${i}`,
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
    }
    const locked = await changePassword(invited.cookie, {
      currentPassword: invited.oneTimePassword,
      newPassword: NEW_PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(apiErrorSchema.parse(locked.json).code).toBe('rate_limited');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(locked.json).message).toBe('Too many attempts. Try again in 1 second.');
    expect((await storedUser(invited.id)).mustChange).toBe(true);
    expect((await signIn(invited.email, invited.oneTimePassword)).status).toBe(429);
  });

  test('a new password that breaks the rule or repeats the current one: 400, not a failed attempt', async () => {
    const invited = await invite();
    const short = await changePassword(invited.cookie, {
      currentPassword: invited.oneTimePassword,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      code: 'validation_failed',
      message: 'A password must be at least 12 characters',
      details: [{ path: 'newPassword' }],
    });

    for (const guessable of ['            ', 'aaaaaaaaaaaa', '123456789012', 'Password2026!']) {
      const refused = await changePassword(invited.cookie, {
        currentPassword: invited.oneTimePassword,
        newPassword: guessable,
      });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        code: 'validation_failed',
        message: expect.stringContaining('A few unrelated words are strong and easy to remember.'),
        details: [{ path: 'newPassword' }],
      });
    }

    const same = await changePassword(invited.cookie, {
      currentPassword: invited.oneTimePassword,
      newPassword: invited.oneTimePassword,
    });
    expect(same.status).toBe(400);
    expect(same.json).toMatchObject({ message: SAME_PASSWORD_MESSAGE, details: [{ path: 'newPassword' }] });

    const missing = await changePassword(invited.cookie, {});
    expect(missing.json).toMatchObject({ message: 'Enter your current password' });

    expect(await failedAttempts(invited.email)).toBe(0);
    expect((await storedUser(invited.id)).mustChange).toBe(true);
  });

  test('signed out: 401; from another site: refused before anything is checked', async () => {
    const body = { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await changePassword(undefined, body)).status).toBe(401);
    const invited = await invite();
    const crossSite = await changePassword(
      invited.cookie,
      { currentPassword: invited.oneTimePassword, newPassword: NEW_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(apiErrorSchema.parse(crossSite.json).code).toBe('cross_site_refused');
    expect((await storedUser(invited.id)).mustChange).toBe(true);
  });

  test('an administrator’s reset afterwards asks for a new password again', async () => {
    const invited = await invite();
    await changePassword(invited.cookie, {
      currentPassword: invited.oneTimePassword,
      newPassword: NEW_PASSWORD,
    });
    const reset = await call(app, 'POST', `/api/admin/users/${invited.id}/reset-password`, { cookie: admin });
    const { oneTimePassword } = userWithOneTimePasswordSchema.parse(reset.json);
    const login = await signIn(invited.email, oneTimePassword);
    expect(authUserSchema.parse(login.json).mustChangePassword).toBe(true);
    const cookie = sidFrom(setCookieOf(login));
    expect((await call(app, 'GET', '/api/user/locations', { cookie })).status).toBe(403);
  });
});
