import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';
import { runParstock } from './testing/run-parstock.ts';

// `parstock db backup` and `db restore` as an operator runs them: real processes on embedded databases (the move
// onto PostgreSQL: db-restore.postgres.ts).
const ROOT = resolve(import.meta.dir, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'parstock-backup-cli-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parstock = (args: string[], env: Record<string, string> = {}) =>
  runParstock(args, { cwd: dir, env: { DATA_DIR: dataDir, BACKUP_DIR: '', ...env } });

async function withDb<T>(path: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openPglite(path);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const districts = (db: Db) =>
  db
    .query<{ name: string }>('SELECT name FROM districts ORDER BY id')
    .then((rows) => rows.map((r) => r.name));

let backupPath = '';

beforeAll(async () => {
  await withDb(join(dataDir, 'pglite'), async (db) => {
    await migrate(db);
    await db.query(`INSERT INTO districts (name) VALUES ('Downtown'), ('Harbor')`);
  });
}, 60_000);

describe('parstock db backup with the server stopped', () => {
  test('writes the database into BACKUP_DIR (default DATA_DIR/backups) and prints the path alone', async () => {
    const result = await parstock(['db', 'backup']);
    expect(result.exitCode).toBe(0);
    backupPath = result.stdout.trim();
    expect(backupPath).toMatch(
      new RegExp(`^${join(dataDir, 'backups')}/parstock-\\d{8}-\\d{6}-manual\\.sql$`),
    );
    expect(statSync(backupPath).mode & 0o777).toBe(0o600);
    expect(result.stderr).toMatch(/Backup of the .* database written \(\d+\.\d MB in \d+\.\d s\)/);
  }, 60_000);

  test('--out names the file', async () => {
    const out = join(dir, 'before-the-move.sql');
    const result = await parstock(['db', 'backup', '--out', out]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe(out);
    expect((await Bun.file(out).text()).startsWith('-- Parstock backup, taken ')).toBe(true);
  }, 60_000);

  test('on PostgreSQL it points at pg_dump instead', async () => {
    const result = await parstock(['db', 'backup'], {
      DATABASE_URL: 'postgres://someone@db.invalid/parstock',
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('pg_dump --no-owner --no-privileges');
  });

  test('an empty folder is named, and nothing is made there', async () => {
    const empty = join(dir, 'no-database');
    const result = await parstock(['db', 'backup'], { DATA_DIR: empty });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`No database in ${join(empty, 'pglite')}`);
    expect(existsSync(empty)).toBe(false);
  });
});

describe('parstock db restore', () => {
  test('into a new DATA_DIR: the data comes back and commands work on it', async () => {
    const other = join(dir, 'restored');
    const result = await parstock(['db', 'restore', backupPath], { DATA_DIR: other });
    expect(result.stderr).toContain(`Restoring ${backupPath} (taken `);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /^Restored into the embedded database in .*restored\/pglite in \d+\.\d s\.\n$/,
    );
    expect(await withDb(join(other, 'pglite'), districts)).toEqual(['Downtown', 'Harbor']);
  }, 60_000);

  test('into a database that has data: refused, nothing changed', async () => {
    const result = await parstock(['db', 'restore', backupPath]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('already holds');
    expect(result.stderr).toContain('Nothing was written');
    expect(await withDb(join(dataDir, 'pglite'), districts)).toEqual(['Downtown', 'Harbor']);
  }, 60_000);

  test('a file that is not a backup, or is cut short: refused before any database is made', async () => {
    const cut = join(dir, 'cut.sql');
    const text = await Bun.file(backupPath).text();
    writeFileSync(cut, text.slice(0, Math.floor(text.length * 0.9)));
    for (const file of [cut, join(ROOT, 'package.json')]) {
      const target = join(dir, `never-${file.length}`);
      const result = await parstock(['db', 'restore', file], { DATA_DIR: target });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('is not a whole Parstock backup');
      expect(existsSync(target)).toBe(false);
    }
    const missing = await parstock(['db', 'restore', join(dir, 'nowhere.sql')]);
    expect(missing.stderr).toContain('No backup file at');
  }, 60_000);
});
