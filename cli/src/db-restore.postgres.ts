import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';
import { openEmptyTestDb } from '@db/testing/test-db.ts';
import { ROOT, runParstock } from './testing/run-parstock.ts';

/*
 * A chain moving off the embedded database: `parstock db backup` of a PGlite folder, `parstock db restore` into an
 * empty database on the real PostgreSQL of TEST_DATABASE_URL, and the server's migrations finding nothing to do.
 * Run by the PostgreSQL-server suite only (scripts/test-all.ts).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for this test.');

const dir = mkdtempSync(join(tmpdir(), 'parstock-move-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parstock = (args: string[], env: Record<string, string>) =>
  runParstock(args, { cwd: dir, env: { DATA_DIR: dataDir, BACKUP_DIR: '', ...env } });

beforeAll(async () => {
  const db = await openPglite(join(dataDir, 'pglite'));
  await migrate(db);
  await db.query(`INSERT INTO districts (name) VALUES ('Downtown'), ('Harbor')`);
  await db.close();
}, 60_000);

test('the embedded database moves onto PostgreSQL, and the server’s migrations find nothing left to do', async () => {
  const backup = await parstock(['db', 'backup'], {});
  expect(backup.exitCode).toBe(0);
  const target = await openEmptyTestDb();
  try {
    const [name] = await target.query<{ db: string }>('SELECT current_database() AS db');
    const url = new URL(serverUrl);
    url.pathname = `/${name?.db}`;
    const restored = await parstock(['db', 'restore', backup.stdout.trim()], {
      DATABASE_URL: url.toString(),
    });
    expect(restored.stderr).toContain(`into the PostgreSQL at ${url.host}/${name?.db}…`);
    expect(restored.exitCode).toBe(0);
    const districts = await target.query<{ name: string }>('SELECT name FROM districts ORDER BY id');
    expect(districts.map((row) => row.name)).toEqual(['Downtown', 'Harbor']);
    const migrated = await parstock(['db', 'migrate'], { DATABASE_URL: url.toString() });
    expect(migrated.exitCode).toBe(0);
    expect(migrated.stdout + migrated.stderr).toContain('Database is up to date');

    // A server on it answers; SIGUSR2 (what `db backup` sends an embedded server) is only answered in its log.
    const server = Bun.spawn([join(ROOT, 'node_modules/.bin/bun'), join(ROOT, 'bff/src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString(), PORT: '0', HOST: '127.0.0.1', CI: 'true' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    try {
      let log = '';
      const decoder = new TextDecoder();
      const reader = server.stdout.getReader();
      let port = '';
      while (!port) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the server stopped: ${log}`);
        log += decoder.decode(value);
        port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1] ?? '';
      }
      server.kill('SIGUSR2');
      await Bun.sleep(500);
      expect(server.exitCode).toBeNull();
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      // Read on past the start's last lines (Square's, printed after "listening") to the signal's.
      while (!log.includes('on PostgreSQL, back up with pg_dump')) {
        const { value, done } = await reader.read();
        if (done) break;
        log += decoder.decode(value);
      }
      expect(log).toContain(
        'SIGUSR2 asks for a backup of the embedded database; on PostgreSQL, back up with pg_dump.',
      );
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await target.close();
  }
}, 60_000);
