import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Db } from '@db/client.ts';
import { loadMigrations, migrate, pendingMigrations } from '@db/migrate.ts';
import { openPglite, pgliteBehind } from '@db/pglite-client.ts';
import { createCountFixture } from '@db/testing/count-session-fixture.ts';
import { openEmptyTestDb, openTestDb } from '@db/testing/test-db.ts';
import {
  backupFile,
  backupText,
  publicTableCount,
  RestoreRefusedError,
  restoreBackup,
} from './restore-backup.ts';
import { dumpPglite, isCompleteParstockBackup } from './sql-backup.ts';

/** Every public table's rows as one digest each: two databases with the same map hold the same data. */
async function contents(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_catalog.pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ digest: string | null; rows: number }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::int AS rows FROM public."${name}" t`,
    );
    digests[name] = `${row?.rows}:${row?.digest ?? ''}`;
  }
  return digests;
}

/** A fresh empty database (PGlite, or one on the PostgreSQL server) for `work`, dropped after it. */
async function inEmptyDatabase(work: (target: Db) => Promise<void>): Promise<void> {
  const target = await openEmptyTestDb();
  try {
    await work(target);
  } finally {
    await target.close();
  }
}

/** The embedded database of a café with a count under way, PARs and an order: what a backup must carry. */
async function cafeWithData(migrations = loadMigrations()): Promise<Db> {
  const db = await openPglite();
  await migrate(db, migrations);
  const fixture = await createCountFixture(db, 25);
  const [session] = await db.query<{ id: number }>(
    'INSERT INTO count_sessions (location_id, started_by) VALUES ($1, $2) RETURNING id',
    [fixture.locationId, fixture.userId],
  );
  await db.query(
    `INSERT INTO count_items (session_id, product_id, count, updated_by)
     SELECT $1, p, 1.5, $2 FROM unnest($3::int[]) AS p`,
    [session?.id ?? 0, fixture.userId, fixture.productIds],
  );
  // A name with what a dump must quote: an apostrophe, a backslash, a newline, accents and an emoji.
  await db.query(`UPDATE products SET name = $1 WHERE id = $2`, [
    "Baker's \\ Gruyère\nnew line ☕",
    fixture.productIds[0] ?? 0,
  ]);
  return db;
}

describe('a backup of the embedded database', () => {
  let source: Db;
  let backup: string;

  beforeAll(async () => {
    source = await cafeWithData();
    backup = await dumpPglite(pgliteBehind(source) as never, new Date('2026-12-07T03:00:00Z'));
  }, 60_000);
  afterAll(() => source.close());

  test('is a whole Parstock backup, saying when it was taken', () => {
    expect(backup.startsWith('-- Parstock backup, taken 2026-12-07T03:00:00.000Z\n')).toBe(true);
    expect(isCompleteParstockBackup(backup)).toBe(true);
    // Owners and grants left out: the file restores under any user name.
    expect(backup).not.toMatch(/OWNER TO|GRANT /);
  });

  test('a file cut short, or another file, is not one', () => {
    expect(isCompleteParstockBackup(backup.slice(0, backup.length / 2))).toBe(false);
    expect(isCompleteParstockBackup(backup.slice(backup.indexOf('\n') + 1))).toBe(false);
    expect(isCompleteParstockBackup('')).toBe(false);
  });

  test('restores into an empty database whole: every table the same, ids going on, the connection usable', async () => {
    await inEmptyDatabase(async (target) => {
      // From a file, streamed: a backup is never read whole.
      const file = join(mkdtempSync(join(tmpdir(), 'parstock-restore-')), 'backup.sql');
      writeFileSync(file, backup);
      await restoreBackup(target, await backupFile(file));
      rmSync(dirname(file), { recursive: true, force: true });
      expect(await contents(target)).toEqual(await contents(source));
      expect(await pendingMigrations(target)).toEqual([]);
      // The sequences came along: a new product takes the next id, not one already used.
      const [max] = await target.query<{ id: number }>('SELECT max(id)::int AS id FROM products');
      const [added] = await target.query<{ id: number }>(
        `INSERT INTO products (name, cafe_order_category) VALUES ('Oat Milk', 'Dairy') RETURNING id`,
      );
      expect(added?.id).toBeGreaterThan(max?.id ?? 0);
      // The dump's empty search_path did not stay on the connection.
      const [path] = await target.query<{ search_path: string }>('SHOW search_path');
      expect(path?.search_path).toContain('public');
    });
  }, 60_000);

  test('into a database with tables, it is refused and nothing is written', async () => {
    const target = await openTestDb();
    try {
      const before = await contents(target);
      await expect(restoreBackup(target, backupText(backup))).rejects.toThrow(RestoreRefusedError);
      await expect(restoreBackup(target, backupText(backup))).rejects.toThrow(/already holds \d+ table\(s\)/);
      expect(await contents(target)).toEqual(before);
    } finally {
      await target.close();
    }
  }, 60_000);

  test('a file that fails half-way leaves the database empty', async () => {
    await inEmptyDatabase(async (target) => {
      const at = backup.indexOf('INSERT INTO public.products');
      const broken = `${backup.slice(0, at)}INSERT INTO public.products (id) VALUES ('not a number');\n${backup.slice(at)}`;
      await expect(restoreBackup(target, backupText(broken))).rejects.toThrow(
        /^The restore stopped at a statement the database refused \(.+\)\. Nothing was restored\.$/,
      );
      expect(await publicTableCount(target)).toBe(0);
    });
  }, 60_000);

  test('a backup of a newer Parstock (a migration this version does not know) is refused, nothing left', async () => {
    await inEmptyDatabase(async (target) => {
      const end = backup.lastIndexOf('--\n-- PostgreSQL database dump complete');
      const newer = `${backup.slice(0, end)}INSERT INTO public.schema_migrations (version, name) VALUES ('9999', 'future');\n${backup.slice(end)}`;
      await expect(restoreBackup(target, backupText(newer))).rejects.toThrow(
        /comes from a newer Parstock \(migration 9999, which this version does not know\)/,
      );
      expect(await publicTableCount(target)).toBe(0);
    });
  }, 60_000);

  test('a file that is not a backup is refused before the database is read', async () => {
    await inEmptyDatabase(async (target) => {
      await expect(restoreBackup(target, backupText('DROP TABLE users;'))).rejects.toThrow(
        /not a whole Parstock backup/,
      );
      expect(await publicTableCount(target)).toBe(0);
    });
  }, 60_000);
});

test('a backup from an older version comes back, and the newer migrations apply after it', async () => {
  const all = loadMigrations();
  const older = await cafeWithData(all.slice(0, -1));
  const backup = await dumpPglite(pgliteBehind(older) as never);
  await older.close();
  await inEmptyDatabase(async (target) => {
    await restoreBackup(target, backupText(backup));
    expect((await pendingMigrations(target)).map((m) => m.version)).toEqual([all.at(-1)?.version ?? '']);
    expect(await migrate(target)).toHaveLength(1);
    const [row] = await target.query<{ n: number }>('SELECT count(*)::int AS n FROM count_items');
    expect(row?.n).toBe(25);
  });
}, 60_000);

test('a backup waits for a transaction under way, which commits as it would have and is in the file', async () => {
  const db = await cafeWithData();
  try {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO districts (name) VALUES ('Committed')`);
      await gate;
      await tx.query(`INSERT INTO districts (name) VALUES ('Committed too')`);
    });
    await Bun.sleep(20);
    const dumping = dumpPglite(pgliteBehind(db) as never);
    // Long enough for pg_dump to load while the transaction is still open.
    await Bun.sleep(300);
    release();
    await open;
    const backup = await dumping;
    expect(isCompleteParstockBackup(backup)).toBe(true);
    expect(backup).toContain("'Committed too'");
    const names = await db.query<{ name: string }>('SELECT name FROM districts ORDER BY id');
    expect(names.map((row) => row.name)).toEqual(['D', 'Committed', 'Committed too']);
    // And the database serves on: a write after the backup runs as usual (pg_dump's read-only transaction and
    // settings did not outlive it).
    await db.transaction((tx) => tx.query(`INSERT INTO districts (name) VALUES ('After')`));
    expect(await db.query('SELECT 1 FROM districts')).toHaveLength(4);
  } finally {
    await db.close();
  }
}, 60_000);
