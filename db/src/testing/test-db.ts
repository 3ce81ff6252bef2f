import { randomBytes } from 'node:crypto';
import { type Db, openPostgres } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import postgres from 'postgres';
import { openMigratedPglite } from './pglite-template.ts';

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; with TEST_DATABASE_URL set
 * (CI starts a real PostgreSQL server) a new database is created on that server and dropped on close,
 * so the same suite runs against both drivers.
 */
export async function openTestDb(): Promise<Db> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openMigratedPglite();
  const name = `parstock_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 5 });
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}
