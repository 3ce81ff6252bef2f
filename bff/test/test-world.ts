import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { testApp } from './http.ts';

export type TestApp = ReturnType<typeof testApp>;
type FixtureRole = keyof Fixture['users'];

export interface TestWorld<R extends FixtureRole> {
  db: Db;
  fx: Fixture;
  app: TestApp;
  /** A signed-in session cookie per role asked for. */
  cookies: Record<R, string>;
}

/**
 * What most API test files start from: a fresh migrated database with the fixture's small world, the app
 * on it, and a session for each role the file acts as. The file closes `db` in its afterAll.
 */
export async function openTestWorld<R extends FixtureRole = never>(
  roles: readonly R[] = [],
  options: Parameters<typeof testApp>[1] = {},
): Promise<TestWorld<R>> {
  const db = await openTestDb();
  const fx = await buildFixture(db);
  const app = testApp(db, options);
  const cookies = {} as Record<R, string>;
  for (const role of roles) cookies[role] = await sessionCookieFor(db, fx.users[role].id);
  return { db, fx, app, cookies };
}
