import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@db/client.ts';
import { loadMigrations, migrate } from '@db/migrate.ts';
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

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// Any fixed number: test runs building the template at the same moment take turns.
const TEMPLATE_LOCK_ID = 7_283_002;
let serverTemplate: Promise<string> | undefined;

/**
 * A migrated database on the server that each test file's database is copied from: `CREATE DATABASE … TEMPLATE`
 * copies its files in a fraction of the half second migrating anew takes. It is named by the migrations it holds,
 * so a changed migration makes a new one; it is built under another name and renamed, so a run stopped half-way
 * leaves no half-migrated template.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  serverTemplate ??= (async () => {
    const migrations = loadMigrations();
    const hash = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 12);
    const name = `parstock_template_${hash}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin`SELECT pg_advisory_lock(${TEMPLATE_LOCK_ID})`;
      const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
      if (!exists) {
        const building = `${name}_building_${randomBytes(4).toString('hex')}`;
        await admin.unsafe(`CREATE DATABASE ${building}`);
        const db = openPostgres(databaseUrl(serverUrl, building), { max: 1 });
        await migrate(db, migrations);
        await db.close();
        await admin.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      return name;
    } finally {
      await admin.end({ timeout: 5 });
    }
  })();
  return serverTemplate;
}

/**
 * A database with nothing in it, as a restore finds one: PGlite in memory, or a new database on the
 * TEST_DATABASE_URL server (no template), dropped on close.
 */
export async function openEmptyTestDb(): Promise<Db> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const { openPglite } = await import('@db/pglite-client.ts');
    return openPglite();
  }
  const name = `parstock_empty_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const db = openPostgres(databaseUrl(serverUrl, name), { max: 2 });
  return {
    ...db,
    async close() {
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
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
  const template = await migratedTemplate(serverUrl);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = databaseUrl(serverUrl, name);
  const db = openPostgres(url, { max: 5 });
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
  urlOfTestDb.set(testDb, url);
  closeWith.set(testDb, others);
  return testDb;
}
