import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { hashSessionId } from '@bff/auth/session-cookie.ts';
import type { Db } from '@db/client.ts';
import { WRONG_CREDENTIALS_MESSAGE } from '@db/use-cases/sign-in.ts';
import { authUserSchema } from '@engine/api-schemas.ts';
import { FIXTURE_PASSWORD, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, setCookieOf, sidFrom, testApp, testConfig } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;

beforeAll(async () => {
  ({ db, fx, app } = await openTestWorld());
});
afterAll(() => db.close());
// Failed attempts from one test must not hold back the next.
beforeEach(() => db.exec('DELETE FROM login_attempts; DELETE FROM sign_in_throttles'));

const login = (email: string, password: string, options: Parameters<typeof call>[3] = {}) =>
  call(app, 'POST', '/api/auth/login', { ...options, body: { email, password } });

const hashOf = (cookie: string) => hashSessionId(cookie.slice('sid='.length));

async function sessionExists(cookie: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [hashOf(cookie)])).length > 0;
}

async function sessionCount(userId: number): Promise<number> {
  const rows = await db.query('SELECT 1 FROM sessions WHERE user_id = $1', [userId]);
  return rows.length;
}

describe('POST /api/auth/login', () => {
  test('right password: 200 with the user, and a session cookie that signs later requests in', async () => {
    const res = await login('Manager@Example.test', FIXTURE_PASSWORD);
    expect(res.status).toBe(200);
    const user = authUserSchema.parse(res.json);
    expect(user).toMatchObject({ id: fx.users.cafeManager.id, role: 'cafe_manager', firstName: 'Mia' });
    expect(user.claims.sub).toBe(String(fx.users.cafeManager.id));

    const me = await call(app, 'GET', '/api/auth/user', { cookie: sidFrom(setCookieOf(res)) });
    expect(me.status).toBe(200);
    expect(authUserSchema.parse(me.json).email).toBe('manager@example.test');
  });

  test('the cookie is HttpOnly, SameSite=Lax, Path=/, lives as long as a session, and stores only a hash', async () => {
    const res = await login('staff@example.test', FIXTURE_PASSWORD);
    const setCookie = setCookieOf(res) ?? '';
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${testConfig().sessionAbsoluteSeconds}`);
    expect(setCookie).not.toContain('Secure');

    const rawId = sidFrom(setCookie).slice('sid='.length);
    const stored = await db.query<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE user_id = $1', [
      fx.users.staff.id,
    ]);
    expect(stored.some((row) => row.id_hash === rawId)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.id_hash))).toBe(true);
  });

  test('the cookie is Secure on HTTPS, and behind a trusted proxy that says https', async () => {
    const direct = await login('staff@example.test', FIXTURE_PASSWORD, { base: 'https://parstock.test' });
    expect(setCookieOf(direct)).toContain('Secure');

    const proxied = testApp(db, { config: testConfig({ TRUST_PROXY: '1' }) });
    const viaProxy = await call(proxied, 'POST', '/api/auth/login', {
      body: { email: 'staff@example.test', password: FIXTURE_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
      origin: 'https://localhost',
    });
    expect(viaProxy.status).toBe(200);
    expect(setCookieOf(viaProxy)).toContain('Secure');
  });

  test('over HTTPS the cookie is __Host-sid for this host alone, and a plain sid is not read there', async () => {
    const https = { base: 'https://parstock.test' };
    const res = await login('staff@example.test', FIXTURE_PASSWORD, https);
    const setCookie = setCookieOf(res) ?? '';
    // Secure, Path=/ and no Domain: what a browser requires of a __Host- cookie before it keeps one.
    expect(setCookie).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toMatch(/Domain=/i);
    const id = setCookie.slice('__Host-sid='.length, setCookie.indexOf(';'));

    const me = await call(app, 'GET', '/api/auth/user', { ...https, cookie: `__Host-sid=${id}` });
    expect(me.status).toBe(200);
    // The same live session under the plain name, as a sibling subdomain could plant it: not read over HTTPS.
    expect((await call(app, 'GET', '/api/auth/user', { ...https, cookie: `sid=${id}` })).status).toBe(401);
    // Nor is the prefixed name over plain HTTP, where no browser would send it.
    expect((await call(app, 'GET', '/api/auth/user', { cookie: `__Host-sid=${id}` })).status).toBe(401);

    const out = await call(app, 'POST', '/api/auth/logout', { ...https, cookie: `__Host-sid=${id}` });
    expect(out.status).toBe(204);
    expect(setCookieOf(out)).toMatch(/^__Host-sid=;/);
    expect(await sessionExists(`sid=${id}`)).toBe(false);
  });

  test('X-Forwarded-Proto from an untrusted client changes nothing', async () => {
    const res = await login('staff@example.test', FIXTURE_PASSWORD, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect(setCookieOf(res)).not.toContain('Secure');
  });

  test('wrong password and unknown email get the same 401 and message, and no cookie', async () => {
    const wrong = await login('staff@example.test', 'not the password');
    const unknown = await login('nobody@example.test', FIXTURE_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ code: 'unauthorized', message: WRONG_CREDENTIALS_MESSAGE });
      expect(setCookieOf(res)).toBeNull();
    }
  });

  test('a deactivated user cannot sign in even with the right password', async () => {
    const res = await login('gone@example.test', FIXTURE_PASSWORD);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'account_deactivated' });
    expect(setCookieOf(res)).toBeNull();
    expect(await sessionCount(fx.users.deactivated.id)).toBe(0);
  });

  test('bad input is a 400 that says what is wrong', async () => {
    const noEmail = await call(app, 'POST', '/api/auth/login', { body: { password: 'x' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json).toMatchObject({ code: 'validation_failed', message: 'Enter your email address' });
    expect(noEmail.json).toMatchObject({ details: [{ path: 'email' }] });

    const badEmail = await login('not-an-email', 'x');
    expect(badEmail.status).toBe(400);
    expect(badEmail.json).toMatchObject({ message: 'Enter a valid email address' });

    const brokenJson = await call(app, 'POST', '/api/auth/login', { body: '{"email": ' });
    expect(brokenJson.status).toBe(400);
    expect(brokenJson.json).toMatchObject({ code: 'invalid_json' });

    const array = await call(app, 'POST', '/api/auth/login', { body: [1, 2] });
    expect(array.status).toBe(400);
  });

  test('failures and the success are recorded with the email in lower case', async () => {
    await login('Staff@Example.test', 'wrong');
    await login('Staff@Example.test', FIXTURE_PASSWORD);
    const rows = await db.query<{ email: string; succeeded: boolean }>(
      'SELECT email, succeeded FROM login_attempts ORDER BY id',
    );
    expect(rows).toEqual([
      { email: 'staff@example.test', succeeded: false },
      { email: 'staff@example.test', succeeded: true },
    ]);
  });

  test('signing in ends the session the browser presented (rotation)', async () => {
    const first = sidFrom(setCookieOf(await login('staff@example.test', FIXTURE_PASSWORD)));
    const second = await login('staff@example.test', FIXTURE_PASSWORD, { cookie: first });
    expect(second.status).toBe(200);
    const secondSid = sidFrom(setCookieOf(second));
    expect(secondSid).not.toBe(first);
    expect((await call(app, 'GET', '/api/auth/user', { cookie: first })).status).toBe(401);
    expect((await call(app, 'GET', '/api/auth/user', { cookie: secondSid })).status).toBe(200);
  });
});

describe('sign-out', () => {
  test('POST /api/auth/logout: 204, session row deleted, cookie cleared', async () => {
    const cookie = await sessionCookieFor(db, fx.users.staff.id);
    expect(await sessionExists(cookie)).toBe(true);
    const res = await call(app, 'POST', '/api/auth/logout', { cookie });
    expect(res.status).toBe(204);
    expect(setCookieOf(res)).toMatch(/^sid=;.*Max-Age=0/);
    expect(await sessionExists(cookie)).toBe(false);
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  test('GET /api/logout only shows a page whose Sign out button posts to /api/auth/logout; the session lives on', async () => {
    const cookie = await sessionCookieFor(db, fx.users.admin.id);
    const res = await call(app, 'GET', '/api/logout', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain(
      '<form method="post" action="/api/auth/logout"><button type="submit">Sign out</button></form>',
    );
    expect(res.text).not.toContain('<script');
    expect(setCookieOf(res)).toBeNull();
    expect(await sessionExists(cookie)).toBe(true);
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
  });

  test("the page's form post ends the session and sends the browser home (303); the old cookie stays dead", async () => {
    const cookie = await sessionCookieFor(db, fx.users.admin.id);
    const res = await call(app, 'POST', '/api/auth/logout', {
      cookie,
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(setCookieOf(res)).toMatch(/^sid=;/);
    expect(await sessionExists(cookie)).toBe(false);
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  test('a form post from another site is refused and ends nothing', async () => {
    const cookie = await sessionCookieFor(db, fx.users.admin.id);
    const res = await call(app, 'POST', '/api/auth/logout', {
      cookie,
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(await sessionExists(cookie)).toBe(true);
  });

  test('signing out while signed out is harmless', async () => {
    expect((await call(app, 'POST', '/api/auth/logout')).status).toBe(204);
  });
});

describe('GET /api/login', () => {
  test('redirects to the sign-in page, keeping a same-site returnTo', async () => {
    const plain = await call(app, 'GET', '/api/login');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/sign-in');

    const withReturn = await call(
      app,
      'GET',
      `/api/login?returnTo=${encodeURIComponent('/orders?status=open')}`,
    );
    expect(withReturn.headers.get('location')).toBe(
      `/sign-in?returnTo=${encodeURIComponent('/orders?status=open')}`,
    );
  });

  test('drops a returnTo that leaves the site', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const res = await call(app, 'GET', `/api/login?returnTo=${encodeURIComponent(target)}`);
      expect(res.headers.get('location')).toBe('/sign-in');
    }
  });
});

describe('session lifetime', () => {
  test('a session idle for longer than the idle limit is refused and deleted', async () => {
    const cookie = await sessionCookieFor(db, fx.users.staff.id);
    const idleHours = testConfig().sessionIdleSeconds / 3600;
    await db.query(
      `UPDATE sessions SET last_seen_at = now() - ($1::int * interval '1 hour') - interval '1 minute'
        WHERE id_hash = $2`,
      [idleHours, hashOf(cookie)],
    );
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect(await sessionExists(cookie)).toBe(false);
  });

  test('a session past its absolute expiry is refused even when used a moment ago', async () => {
    const cookie = await sessionCookieFor(db, fx.users.cafeManager.id);
    await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id_hash = $1`, [
      hashOf(cookie),
    ]);
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect(await sessionExists(cookie)).toBe(false);
  });

  test('use refreshes last_seen_at, at most once a minute', async () => {
    const cookie = await sessionCookieFor(db, fx.users.districtManager.id);
    const lastSeen = async () =>
      (
        await db.query<{ age: number }>(
          'SELECT EXTRACT(EPOCH FROM now() - last_seen_at) AS age FROM sessions WHERE id_hash = $1',
          [hashOf(cookie)],
        )
      )[0]?.age ?? Number.NaN;
    await db.query(`UPDATE sessions SET last_seen_at = now() - interval '30 seconds' WHERE id_hash = $1`, [
      hashOf(cookie),
    ]);
    await call(app, 'GET', '/api/auth/user', { cookie });
    expect(await lastSeen()).toBeGreaterThanOrEqual(30);

    await db.query(`UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE id_hash = $1`, [
      hashOf(cookie),
    ]);
    await call(app, 'GET', '/api/auth/user', { cookie });
    expect(await lastSeen()).toBeLessThan(60);
  });

  test('deactivating a user ends their sessions', async () => {
    const cookie = await sessionCookieFor(db, fx.users.staff.id);
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    await db.query('UPDATE users SET active = false WHERE id = $1', [fx.users.staff.id]);
    try {
      expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    } finally {
      await db.query('UPDATE users SET active = true WHERE id = $1', [fx.users.staff.id]);
    }
  });

  test('a tampered or malformed cookie is simply signed out (401)', async () => {
    const cookie = await sessionCookieFor(db, fx.users.staff.id);
    const flipped = cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A');
    for (const bad of [flipped, 'sid=short', 'sid=%00%ff', `sid=${'x'.repeat(500)}`]) {
      const res = await call(app, 'GET', '/api/auth/user', { cookie: bad });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ code: 'unauthorized', message: 'Sign in to continue.' });
    }
  });
});
