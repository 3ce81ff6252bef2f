import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ADMITTED_ACCESS_MS, AdmittedAccess } from '@bff/auth/admitted-access.ts';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';

/** A session's access remembered for the routes whose write confirms it (decision 063). */
let db: Db;
let fx: Fixture;
let statements = 0;
let counted: Db;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  counted = {
    ...db,
    driver: db.driver,
    query: (text, params) => {
      statements += 1;
      return db.query(text, params);
    },
  };
});
afterAll(() => db.close());

const IDLE_SECONDS = 8 * 3600;

async function staffSessionId(absoluteSeconds?: number): Promise<string> {
  return (await sessionCookieFor(db, fx.users.staff.id, absoluteSeconds)).split('=')[1] ?? '';
}

describe('AdmittedAccess', () => {
  test('a session read once is admitted on that access, without a statement, for 30 s', async () => {
    let now = Date.now();
    const admitted = new AdmittedAccess(() => now);
    const sessionId = await staffSessionId();

    statements = 0;
    const first = await admitted.resolve(counted, sessionId, IDLE_SECONDS, false);
    expect(first.remembered).toBe(false);
    expect(first.user?.id).toBe(fx.users.staff.id);
    expect(first.user?.accessEpoch).toMatch(/^\d+$/);
    const read = statements;
    expect(read).toBeGreaterThan(0);

    now += ADMITTED_ACCESS_MS - 1;
    const again = await admitted.resolve(counted, sessionId, IDLE_SECONDS, false);
    expect(again).toEqual({ user: first.user, remembered: true });
    expect(statements).toBe(read);

    now += 1;
    expect((await admitted.resolve(counted, sessionId, IDLE_SECONDS, false)).remembered).toBe(false);
    expect(statements).toBe(read * 2);
  });

  test('asked for a fresh read, it reads', async () => {
    const admitted = new AdmittedAccess();
    const sessionId = await staffSessionId();
    await admitted.resolve(db, sessionId, IDLE_SECONDS, false);
    statements = 0;
    expect((await admitted.resolve(counted, sessionId, IDLE_SECONDS, true)).remembered).toBe(false);
    expect(statements).toBeGreaterThan(0);
  });

  test('never past the session’s own end: a session ending in 5 s is remembered 5 s', async () => {
    let now = Date.now();
    const admitted = new AdmittedAccess(() => now);
    const sessionId = await staffSessionId(5);
    await admitted.resolve(db, sessionId, IDLE_SECONDS, false);
    now += 4_000;
    expect((await admitted.resolve(db, sessionId, IDLE_SECONDS, false)).remembered).toBe(true);
    now += 1_500;
    expect((await admitted.resolve(db, sessionId, IDLE_SECONDS, false)).remembered).toBe(false);
  });

  test('never past the idle limit: with one of 80 s, remembered 20 s (the last use may be a minute behind)', async () => {
    let now = Date.now();
    const admitted = new AdmittedAccess(() => now);
    const sessionId = await staffSessionId();
    await admitted.resolve(db, sessionId, 80, false);
    now += 19_000;
    expect((await admitted.resolve(db, sessionId, 80, false)).remembered).toBe(true);
    now += 1_500;
    expect((await admitted.resolve(db, sessionId, 80, false)).remembered).toBe(false);
    // An idle limit under the touch interval: nothing is remembered.
    const short = await staffSessionId();
    await admitted.resolve(db, short, 30, false);
    expect((await admitted.resolve(db, short, 30, false)).remembered).toBe(false);
  });

  test('no session, or a malformed cookie: no user, nothing remembered', async () => {
    const admitted = new AdmittedAccess();
    statements = 0;
    expect(await admitted.resolve(counted, 'not-a-session', IDLE_SECONDS, false)).toEqual({
      user: null,
      remembered: false,
    });
    expect(statements).toBe(0);
    const unknown = 'A'.repeat(43);
    expect((await admitted.resolve(db, unknown, IDLE_SECONDS, false)).user).toBeNull();
    expect((await admitted.resolve(db, unknown, IDLE_SECONDS, false)).remembered).toBe(false);
  });
});
