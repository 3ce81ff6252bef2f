/**
 * The environment of the embedded-database run of `npm test`. `TEST_DATABASE_URL` points every test database at
 * a PostgreSQL server (db/src/testing/test-db.ts), so the PGlite run must not inherit it from CI, which sets it for
 * the server run: with it, both runs would test PostgreSQL and none PGlite.
 */
export function embeddedDatabaseEnv(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const { TEST_DATABASE_URL: _serverRunOnly, ...rest } = env;
  return rest;
}
