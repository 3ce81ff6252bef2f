import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = join(import.meta.dir, '..', 'migrations');
// Any fixed number: instances starting together on one PostgreSQL take turns migrating.
const MIGRATION_LOCK_ID = 7_283_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [version = '', ...rest] = file.replace(/\.sql$/, '').split('_');
      return { version, name: rest.join('_'), sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/** The migrations a database has not recorded yet: all of them where it has no schema_migrations table. */
export async function pendingMigrations(db: Db, migrations = loadMigrations()): Promise<Migration[]> {
  const [table] = await db.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
  );
  const applied = table?.exists
    ? new Set(
        (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
      )
    : new Set<string>();
  return migrations.filter((m) => !applied.has(m.version));
}

/** Applies every migration not yet recorded, each in its own transaction, in version order. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      if (tx.driver === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const existing = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (existing.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(`${migration.version}_${migration.name}`);
  }
  return applied;
}
