import { randomBytes } from 'node:crypto';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPostgres } from '@db/postgres-client.ts';
import postgres from 'postgres';
import { openMigratedPglite } from './pglite-template.ts';

// The URL of each test database on a PostgreSQL server, for a second pool on it (openAnotherPool).
const urlOfTestDb = new WeakMap<Db, string>();
const closeWith = new WeakMap<Db, Db[]>();

/**
 * A second, independent connection pool on the same test database, as a second server instance has. On
 * PGlite (one connection in this process) it is the same Db. Closing the test database closes it too.
 */
export function openAnotherPool(db: Db): Db {
  const url = urlOfTestDb.get(db);
  if (!url) return db;
  const other = openPostgres(url, { max: 5 });
  closeWith.get(db)?.push(other);
  return other;
}

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
  const others: Db[] = [];
  const testDb: Db = {
    ...db,
    async close() {
      for (const other of others) await other.close();
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
  urlOfTestDb.set(testDb, url.toString());
  closeWith.set(testDb, others);
  return testDb;
}
