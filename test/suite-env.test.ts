import { expect, test } from 'bun:test';
import { embeddedDatabaseEnv } from '../scripts/suite-env.ts';

test('the PGlite run of npm test does not inherit the PostgreSQL server CI starts for the server run', () => {
  const ci = { PATH: '/usr/bin', TEST_DATABASE_URL: 'postgres://postgres@localhost:55439/postgres' };
  const env = embeddedDatabaseEnv(ci);
  expect(env).toEqual({ PATH: '/usr/bin' });
  expect(ci.TEST_DATABASE_URL).toBeDefined();
});
