import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { SIGN_IN_LIMITS } from '@engine/sign-in-limits.ts';
import { buildFixture, FIXTURE_PASSWORD } from './fixtures.ts';
import { type CallResult, call, TEST_CLOCK, testApp, testConfig } from './http.ts';

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  await buildFixture(db);
});
afterAll(() => db.close());
beforeEach(() => db.exec('DELETE FROM login_attempts; DELETE FROM sign_in_throttles'));

/** A clock the test moves by hand, so a wait runs out exactly when the test says. */
function handClock() {
  let now = TEST_CLOCK.getTime();
  return {
    read: () => new Date(now),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

/** An app behind a trusted proxy: the client address is the last X-Forwarded-For entry. */
function proxiedApp(clock = handClock()) {
  return testApp(db, { config: testConfig({ TRUST_PROXY: '1' }), signInLimitsClock: clock.read });
}

type App = ReturnType<typeof testApp>;

const loginFrom = (app: App, ip: string | null, email: string, password: string) =>
  call(app, 'POST', '/api/auth/login', {
    body: { email, password },
    headers: ip ? { 'x-forwarded-for': `203.0.113.250, ${ip}` } : {},
  });

const statuses = (results: CallResult[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const messageOf = (res: CallResult) => (res.json as { message: string }).message;

const FREE = SIGN_IN_LIMITS.pair.freeFailures;

describe('parallel bursts', () => {
  test('200 parallel attempts on one account check only the free ones; then the right password gets no 200', async () => {
    // Two app instances over one database, as behind a load balancer.
    const instances = [testApp(db), testApp(db)];
    const burst = (password: (i: number) => string) =>
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call(instances[i % 2] as App, 'POST', '/api/auth/login', {
            body: { email: 'manager@example.test', password: password(i) },
          }),
        ),
      );

    const wrong = await burst((i) => `wrong ${i}`);
    expect(statuses(wrong)).toEqual({ 401: FREE, 429: 200 - FREE });

    // The limit is reached: every tenth attempt now brings the right password.
    const mixed = await burst((i) => (i % 10 === 0 ? FIXTURE_PASSWORD : `still wrong ${i}`));
    expect(statuses(mixed)).toEqual({ 429: 200 });
    const checked = await db.query('SELECT 1 FROM login_attempts');
    expect(checked.length).toBe(FREE);
  });
});

describe('one account from one address: growing waits', () => {
  test('after 5 failures the next attempt waits 1 s, then 2, 4, … up to 15 minutes; the right password too', async () => {
    const clock = handClock();
    const app = proxiedApp(clock);
    for (let i = 0; i < FREE; i++) {
      expect((await loginFrom(app, '198.51.100.1', 'district@example.test', `wrong ${i}`)).status).toBe(401);
    }
    const held = await loginFrom(app, '198.51.100.1', 'DISTRICT@example.test', FIXTURE_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.json).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: 1 } });
    expect(messageOf(held)).toBe('Too many attempts. Try again in 1 second.');
    expect(held.headers.get('retry-after')).toBe('1');

    const waits: number[] = [];
    for (let step = 0; step < 12; step++) {
      const refused = await loginFrom(app, '198.51.100.1', 'district@example.test', 'wrong again');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      clock.advance(wait - 1);
      expect((await loginFrom(app, '198.51.100.1', 'district@example.test', 'wrong')).status).toBe(429);
      clock.advance(1);
      expect((await loginFrom(app, '198.51.100.1', 'district@example.test', `wrong ${step}`)).status).toBe(
        401,
      );
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    const capped = await loginFrom(app, '198.51.100.1', 'district@example.test', FIXTURE_PASSWORD);
    expect(messageOf(capped)).toBe('Too many attempts. Try again in 15 minutes.');

    // The same account from another address, and another account from this one, go on at once.
    expect((await loginFrom(app, '198.51.100.2', 'district@example.test', FIXTURE_PASSWORD)).status).toBe(
      200,
    );
    expect((await loginFrom(app, '198.51.100.1', 'staff@example.test', FIXTURE_PASSWORD)).status).toBe(200);
  });

  test('a success starts the count over; a quiet day forgets it', async () => {
    const clock = handClock();
    const app = proxiedApp(clock);
    const attempt = (password: string) => loginFrom(app, '198.51.100.3', 'staff@example.test', password);
    for (let i = 0; i < FREE - 1; i++) expect((await attempt('wrong')).status).toBe(401);
    expect((await attempt(FIXTURE_PASSWORD)).status).toBe(200);
    for (let i = 0; i < FREE; i++) expect((await attempt('wrong')).status).toBe(401);
    expect((await attempt(FIXTURE_PASSWORD)).status).toBe(429);

    clock.advance(SIGN_IN_LIMITS.pair.forgetAfterSeconds);
    for (let i = 0; i < FREE; i++) expect((await attempt('wrong')).status).toBe(401);
    expect((await attempt('wrong')).status).toBe(429);
  });
});

describe('someone else guessing does not keep the owner out', () => {
  test('a flood from one other address: the owner signs in at once, at a known address or a new one', async () => {
    const app = proxiedApp();
    const owner = 'manager@example.test';
    expect((await loginFrom(app, '198.51.100.10', owner, FIXTURE_PASSWORD)).status).toBe(200);

    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, i) => loginFrom(app, '192.0.2.66', owner, `guess ${i}`)),
    );
    expect(statuses(flood)).toEqual({ 401: FREE, 429: 100 - FREE });

    expect((await loginFrom(app, '198.51.100.10', owner, FIXTURE_PASSWORD)).status).toBe(200);
    expect((await loginFrom(app, '198.51.100.11', owner, FIXTURE_PASSWORD)).status).toBe(200);
  });

  test(`guesses from many addresses: after ${SIGN_IN_LIMITS.account.failures} the account waits at new addresses for at most 15 minutes, never at known ones`, async () => {
    const clock = handClock();
    const app = proxiedApp(clock);
    const owner = 'manager@example.test';
    expect((await loginFrom(app, '198.51.100.20', owner, FIXTURE_PASSWORD)).status).toBe(200);

    // 40 addresses, two guesses each, all at once: the account-wide count stops them at its limit.
    const flood = await Promise.all(
      Array.from({ length: 80 }, (_, i) => loginFrom(app, `192.0.2.${i % 40}`, owner, `guess ${i}`)),
    );
    expect(statuses(flood)).toEqual({
      401: SIGN_IN_LIMITS.account.failures,
      429: 80 - SIGN_IN_LIMITS.account.failures,
    });

    // Where the owner signed in before, nothing holds them back.
    expect((await loginFrom(app, '198.51.100.20', owner, FIXTURE_PASSWORD)).status).toBe(200);
    // From a new place they wait out the window: at most 15 minutes, said in the answer.
    const elsewhere = await loginFrom(app, '198.51.100.21', owner, FIXTURE_PASSWORD);
    expect(elsewhere.status).toBe(429);
    const wait = Number(elsewhere.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_LIMITS.account.windowSeconds);
    expect(messageOf(elsewhere)).toBe('Too many attempts. Try again in 15 minutes.');
    clock.advance(wait);
    expect((await loginFrom(app, '198.51.100.21', owner, FIXTURE_PASSWORD)).status).toBe(200);
  });
});

describe('one address across accounts', () => {
  test(`after ${SIGN_IN_LIMITS.address.failures} failures on any accounts the address waits out its window; other addresses do not`, async () => {
    const clock = handClock();
    const app = proxiedApp(clock);
    for (let i = 0; i < SIGN_IN_LIMITS.address.failures; i++) {
      expect((await loginFrom(app, '198.51.100.7', `victim${i}@example.test`, 'password1')).status).toBe(401);
    }
    const blocked = await loginFrom(app, '198.51.100.7', 'admin@example.test', FIXTURE_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(SIGN_IN_LIMITS.address.windowSeconds);
    expect((await loginFrom(app, '198.51.100.8', 'admin@example.test', FIXTURE_PASSWORD)).status).toBe(200);
    clock.advance(SIGN_IN_LIMITS.address.windowSeconds);
    expect((await loginFrom(app, '198.51.100.7', 'admin@example.test', FIXTURE_PASSWORD)).status).toBe(200);
  });

  test('colleagues who signed in at a shared address before are not locked out by failures on other accounts there', async () => {
    const clock = handClock();
    const app = proxiedApp(clock);
    const cafe = '198.51.100.9';
    expect((await loginFrom(app, cafe, 'manager@example.test', FIXTURE_PASSWORD)).status).toBe(200);
    clock.advance(60);
    for (let i = 0; i <= SIGN_IN_LIMITS.address.failures; i++) {
      await loginFrom(app, cafe, `nobody${i}@example.test`, 'password1');
    }
    // A stranger to the address waits its window out; the manager, known there, signs in.
    expect((await loginFrom(app, cafe, 'district@example.test', FIXTURE_PASSWORD)).status).toBe(429);
    expect((await loginFrom(app, cafe, 'manager@example.test', FIXTURE_PASSWORD)).status).toBe(200);
    // Guessing the manager's password there still meets the growing waits of that account at that address.
    for (let i = 0; i < FREE; i++) {
      expect((await loginFrom(app, cafe, 'manager@example.test', `guess ${i}`)).status).toBe(401);
    }
    expect((await loginFrom(app, cafe, 'manager@example.test', 'guess again')).status).toBe(429);
  });
});

describe('one IPv6 network across accounts', () => {
  test('the addresses of one /64 are one client: its failures count together; another /64 is another client', async () => {
    const app = proxiedApp();
    for (let i = 0; i < SIGN_IN_LIMITS.address.failures; i++) {
      const res = await loginFrom(
        app,
        `2001:db8:1:2::${(i + 1).toString(16)}`,
        `victim${i}@example.test`,
        'password1',
      );
      expect(res.status).toBe(401);
    }
    expect(
      (await loginFrom(app, '2001:db8:1:2:ffff::9', 'admin@example.test', FIXTURE_PASSWORD)).status,
    ).toBe(429);
    expect((await loginFrom(app, '2001:db8:1:3::1', 'admin@example.test', FIXTURE_PASSWORD)).status).toBe(
      200,
    );
  });
});

describe('X-Forwarded-For counts only behind a trusted proxy', () => {
  test('without TRUST_PROXY a new X-Forwarded-For on every attempt is still one address', async () => {
    const app = testApp(db);
    for (let i = 0; i < SIGN_IN_LIMITS.address.failures; i++) {
      const res = await loginFrom(app, `192.0.2.${i}`, `sprayed${i}@example.test`, 'password1');
      expect(res.status).toBe(401);
    }
    expect((await loginFrom(app, '192.0.2.200', 'admin@example.test', FIXTURE_PASSWORD)).status).toBe(429);
  });

  test('without TRUST_PROXY one account from "other addresses" waits like from one', async () => {
    const app = testApp(db);
    for (let i = 0; i < FREE; i++) {
      expect((await loginFrom(app, `192.0.2.${i}`, 'staff@example.test', 'wrong')).status).toBe(401);
    }
    expect((await loginFrom(app, '192.0.2.99', 'staff@example.test', FIXTURE_PASSWORD)).status).toBe(429);

    // With a trusted proxy the same header is believed: that address has no failures yet.
    expect((await loginFrom(proxiedApp(), '192.0.2.99', 'staff@example.test', FIXTURE_PASSWORD)).status).toBe(
      200,
    );
  });
});
