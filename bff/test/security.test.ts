import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { FIXTURE_PASSWORD, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp, testConfig } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;

beforeAll(async () => {
  ({ db, fx, app } = await openTestWorld());
});
afterAll(() => db.close());

const REFUSED = {
  code: 'cross_site_refused',
  message: 'This request came from another site and was refused.',
};

describe('cross-site writes', () => {
  test('a POST whose Origin is another site is refused before it does anything', async () => {
    const cookie = await sessionCookieFor(db, fx.users.staff.id);
    const res = await call(app, 'POST', '/api/auth/logout', { cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(REFUSED);
    // The session survived: the refused logout did not run.
    expect((await call(app, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
  });

  test('Origin "null" (sandboxed frames, data: pages) is refused', async () => {
    const res = await call(app, 'POST', '/api/auth/login', {
      origin: 'null',
      body: { email: 'staff@example.test', password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(403);
  });

  test('a different port or scheme of the same host is another origin', async () => {
    for (const origin of ['http://localhost:8080', 'https://localhost']) {
      expect((await call(app, 'POST', '/api/auth/logout', { origin })).status).toBe(403);
    }
  });

  test('without Origin the Referer decides', async () => {
    const foreign = await call(app, 'POST', '/api/auth/logout', {
      origin: null,
      headers: { referer: 'https://evil.example/page' },
    });
    expect(foreign.status).toBe(403);
    const own = await call(app, 'POST', '/api/auth/logout', {
      origin: null,
      headers: { referer: 'http://localhost/orders' },
    });
    expect(own.status).toBe(204);
  });

  test('with neither header a write is refused, signed in or not', async () => {
    const anonymous = await call(app, 'POST', '/api/auth/login', {
      origin: null,
      body: { email: 'staff@example.test', password: FIXTURE_PASSWORD },
    });
    expect(anonymous.status).toBe(403);
    expect(anonymous.json).toEqual(REFUSED);
    const cookie = await sessionCookieFor(db, fx.users.staff.id);
    const withSession = await call(app, 'POST', '/api/count-completions/complete', {
      origin: null,
      cookie,
      body: { locationId: fx.locations.own.id },
    });
    expect(withSession.status).toBe(403);
    expect(withSession.json).toEqual(REFUSED);
  });

  test('PUBLIC_ORIGIN is accepted as our own (a proxy that rewrites Host)', async () => {
    const proxied = testApp(db, { config: testConfig({ PUBLIC_ORIGIN: 'https://parstock.example.com/' }) });
    const res = await call(proxied, 'POST', '/api/auth/logout', { origin: 'https://parstock.example.com' });
    expect(res.status).toBe(204);
  });

  test('reads are never refused for their origin', async () => {
    const res = await call(app, 'GET', '/api/health', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options')).toBe('DENY');
  };

  test('on API answers, successful or not, with Cache-Control: no-store', async () => {
    const cookie = await sessionCookieFor(db, fx.users.staff.id);
    for (const res of [
      await call(app, 'GET', '/api/auth/user', { cookie }),
      await call(app, 'GET', '/api/auth/user'),
      await call(app, 'GET', '/api/no-such-route'),
      await call(app, 'GET', '/api/inventory?locationId=abc', { cookie }),
      await call(app, 'POST', '/api/auth/logout', { origin: 'https://evil.example' }),
    ]) {
      expectSecurityHeaders(res.headers);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });

  test('on web app pages too', async () => {
    const res = await call(app, 'GET', '/orders');
    expectSecurityHeaders(res.headers);
  });

  describe('Strict-Transport-Security', () => {
    const HSTS = 'max-age=31536000; includeSubDomains';

    test('sent on every answer served over HTTPS, API, web page and error alike', async () => {
      for (const path of ['/api/health', '/api/auth/user', '/orders']) {
        const res = await call(app, 'GET', path, { base: 'https://parstock.test' });
        expect(res.headers.get('strict-transport-security')).toBe(HSTS);
      }
      const refused = await call(app, 'POST', '/api/auth/logout', {
        base: 'https://parstock.test',
        origin: 'https://evil.example',
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('strict-transport-security')).toBe(HSTS);
    });

    test('sent behind a trusted proxy that says https', async () => {
      const proxied = testApp(db, { config: testConfig({ TRUST_PROXY: '1' }) });
      const res = await call(proxied, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBe(HSTS);
      const plain = await call(proxied, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    });

    test('not sent over plain HTTP, nor when an untrusted client claims https', async () => {
      expect((await call(app, 'GET', '/api/health')).headers.get('strict-transport-security')).toBeNull();
      const claimed = await call(app, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.headers.get('strict-transport-security')).toBeNull();
    });
  });
});
