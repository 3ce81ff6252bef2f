import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { REPORT_NAMES, type ReportResponse } from '@engine/reports/report-definitions.ts';
import { reportCsvText } from '@web/features/navigator/model/report-download.ts';
import { sessionCookieFor } from '../bff/test/fixtures.ts';
import { call, testApp } from '../bff/test/http.ts';

// The Navigator's CSV and `parstock report`'s CSV, byte for byte: the CLI as a real process on a seeded
// embedded database, the screen's file built by the web's own download code from the route's JSON.
const ROOT = resolve(import.meta.dir, '..');
const dir = mkdtempSync(join(tmpdir(), 'parstock-report-csv-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function parstock(args: string[]) {
  const child = Bun.spawn([join(ROOT, 'node_modules/.bin/bun'), join(ROOT, 'cli/src/main.ts'), ...args], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', CI: 'true' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).bytes(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { stdout, stderr, exitCode };
}

const FROM = '2026-02-01';
const TO = '2026-03-10';
const NOW = new Date('2026-03-10T16:00:00Z');

beforeAll(async () => {
  const db = await openPglite(join(dataDir, 'pglite'));
  try {
    await migrate(db);
    await seedDemo(db, { now: NOW });
  } finally {
    await db.close();
  }
}, 120_000);

describe('the Navigator CSV equals the CLI CSV byte for byte', () => {
  const cliFiles = new Map<string, Uint8Array>();

  // The CLI first: one process holds the embedded database at a time.
  test.each(REPORT_NAMES)('parstock report %s writes CSV', async (name) => {
    const result = await parstock(['report', name, '--from', FROM, '--to', TO, '--location', 'DT-01,NS-02']);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    cliFiles.set(name, result.stdout);
  });

  test('each report', async () => {
    const db: Db = await openPglite(join(dataDir, 'pglite'));
    try {
      const app = testApp(db);
      const [admin] = await db.query<{ id: number }>(
        "SELECT id FROM users WHERE email = 'admin@parstock.test'",
      );
      const ids = await db.query<{ id: number }>("SELECT id FROM locations WHERE code IN ('DT-01', 'NS-02')");
      const cookie = await sessionCookieFor(db, admin?.id ?? 0);
      const cafes = ids.map((l) => `locations=${l.id}`).join('&');
      for (const name of REPORT_NAMES) {
        const result = await call(app, 'GET', `/api/reports/${name}?from=${FROM}&to=${TO}&${cafes}`, {
          cookie,
        });
        expect(result.status).toBe(200);
        const screen = new TextEncoder().encode(reportCsvText(result.json as ReportResponse<typeof name>));
        const cli = cliFiles.get(name);
        expect(cli?.length).toBeGreaterThan(200);
        // Both start with UTF-8's byte-order mark, which Excel needs to read "Café" as written.
        expect([...(cli ?? new Uint8Array()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        expect(Buffer.from(screen).equals(Buffer.from(cli ?? new Uint8Array()))).toBe(true);
      }
    } finally {
      await db.close();
    }
  });
});
