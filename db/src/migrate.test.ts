import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from './client.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { openTestDb } from './testing/test-db.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe('migrate', () => {
  test('records every migration file once, in version order', async () => {
    const rows = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
  });

  test('a second run applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  test('a failing migration leaves no trace', async () => {
    const broken = [{ version: '9999', name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT 1/0;' }];
    await expect(migrate(db, broken)).rejects.toThrow();
    const tables = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(tables).toHaveLength(0);
    expect(await db.query("SELECT 1 FROM schema_migrations WHERE version = '9999'")).toHaveLength(0);
  });

  test('numeric, bigint and date columns come back as JS numbers and calendar-day strings', async () => {
    const [row] = await db.query<{ n: number; b: number; d: string }>(
      "SELECT 2.25::numeric AS n, 9007199254740::bigint AS b, DATE '2026-03-01' AS d",
    );
    expect(row).toEqual({ n: 2.25, b: 9007199254740, d: '2026-03-01' });
  });

  test('a throw inside a transaction rolls back its writes', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO districts (name) VALUES ('Rollback district')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query("SELECT 1 FROM districts WHERE name = 'Rollback district'")).toHaveLength(0);
  });
});
