import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import { buildWeb, distDir } from '../web/build.ts';
import { collectLongTasks, launchBenchBrowser, serveBuiltApp } from './support/bench-app.ts';

/**
 * The District Ops Tracker for a chain of BENCH_CAFES cafés (default 50: the demo's 6 and copies of the
 * Harbor Street Café in five more districts, each with four weeks of task ticks, nightly counts, counts and
 * orders). Prints the server time of GET /api/ops-tracker as an admin (every café, one SQL read) for today
 * and for a day two weeks back, and the time until the grid is usable in Chromium (every café's row drawn).
 * Figures are printed, never asserted: they depend on the machine. `--build` rebuilds web/dist first.
 */

const CAFES = Number(process.env.BENCH_CAFES ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const RELOADS = Number(process.env.BENCH_RELOADS ?? 3);

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Copies of the Harbor Street Café with a month of routine, so every signal has rows to read. */
async function addCafes(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  await db.query(`SELECT setseed(0.42)`);
  await db.query(`INSERT INTO districts (name) SELECT 'Bench District ' || g FROM generate_series(1, 5) g`);
  await db.query(
    `INSERT INTO locations (name, code, district_id, timezone)
     SELECT 'Bench Café ' || lpad(g::text, 2, '0'), 'BX-' || lpad(g::text, 2, '0'),
            (SELECT id FROM districts WHERE name = 'Bench District ' || (1 + g % 5)),
            (ARRAY['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'])[1 + g % 4]
       FROM generate_series(1, $1::int) g`,
    [count],
  );
  const bench = `SELECT id FROM locations WHERE code LIKE 'BX-%'`;
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, lifecycle, stock_status)
     SELECT l.id, lp.product_id, CASE WHEN random() < 0.01 THEN 0 ELSE lp.par END, lp.lifecycle, lp.stock_status
       FROM (${bench}) l CROSS JOIN location_products lp
      WHERE lp.location_id = (SELECT id FROM locations WHERE code = 'DT-01')`,
  );
  const staff = `(SELECT id FROM users WHERE email = 'staff@parstock.test')`;
  await db.query(
    `INSERT INTO task_completions (task_id, location_id, business_date, completed_by, completed_at, typed_at)
     SELECT t.id, l.id, d::date, ${staff}, d + t.due_time - interval '30 minutes', d + t.due_time
       FROM (${bench}) l CROSS JOIN tasks t CROSS JOIN generate_series(current_date - 28, current_date - 1, '1 day') d
      WHERE (t.cadence = 'daily' OR t.weekday = extract(dow FROM d)) AND random() < 0.88`,
  );
  await db.query(
    `INSERT INTO nightly_counts (location_id, business_date, created_by, created_at, completed_by, completed_at)
     SELECT l.id, d::date, ${staff}, d + interval '21 hours', ${staff}, d + interval '21 hours 20 minutes'
       FROM (${bench}) l CROSS JOIN generate_series(current_date - 28, current_date - 1, '1 day') d
      WHERE random() < 0.93`,
  );
  await db.query(
    `INSERT INTO count_completions (location_id, completed_by, completed_at, items_counted, is_active)
     SELECT l.id, ${staff}, now() - make_interval(days => k * 3 + 1), 150, false
       FROM (${bench}) l CROSS JOIN generate_series(0, 8) k`,
  );
  await db.query(
    `INSERT INTO orders (number, location_id, status, created_by, created_at)
     SELECT 'BX-' || l.id || '-' || k, l.id, CASE WHEN k = 0 AND l.id % 3 = 0 THEN 'submitted' ELSE 'received' END,
            ${staff}, now() - make_interval(days => k * 3, hours => 5)
       FROM (${bench}) l CROSS JOIN generate_series(0, 8) k`,
  );
}

if (process.argv.includes('--build')) await buildWeb();
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`No web app in ${distDir}: run \`bun web/build.ts\` first, or pass --build.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'parstock-bench-ops-'));
const db = await openPglite(dataDir);
const setupStarted = performance.now();
await migrate(db);
await seedDemo(db);
const [{ demoCafes } = { demoCafes: 0 }] = await db.query<{ demoCafes: number }>(
  'SELECT count(*)::int AS "demoCafes" FROM locations WHERE active',
);
await addCafes(db, CAFES - demoCafes);
const [{ cafes, ticks } = { cafes: 0, ticks: 0 }] = await db.query<{ cafes: number; ticks: number }>(
  `SELECT (SELECT count(*)::int FROM locations WHERE active) AS cafes,
          (SELECT count(*)::int FROM task_completions) AS ticks`,
);

const { app, origin, stop: stopServer } = serveBuiltApp(db);
console.log(
  `District Ops Tracker with ${cafes} cafés, ${ticks.toLocaleString('en-US')} task ticks — setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

try {
  const login = await app.handle(
    new Request(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@parstock.test', password: DEMO_PASSWORD }),
    }),
  );
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const twoWeeksBack = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
  for (const [label, query] of [
    ['today', ''],
    [`${twoWeeksBack} as it ended`, `?date=${twoWeeksBack}`],
  ] as const) {
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const started = performance.now();
      const response = await app.handle(
        new Request(`${origin}/api/ops-tracker${query}`, { headers: { origin, cookie } }),
      );
      const body = (await response.json()) as { rows: unknown[] };
      // The first run warms the statement and the caches; it is not counted.
      if (run > 0) times.push(performance.now() - started);
      rows = body.rows.length;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0;
    console.log(
      `  GET /api/ops-tracker (${label}): ${rows} rows; median ${ms(median)}, p95 ${ms(p95)}, best ${ms(times[0] ?? 0)} over ${RUNS} runs`,
    );
  }

  const browser = await launchBenchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(collectLongTasks);
    const browserLogin = await page.request.post(`${origin}/api/auth/login`, {
      data: { email: 'admin@parstock.test', password: DEMO_PASSWORD },
      headers: { origin },
    });
    if (browserLogin.status() !== 200) throw new Error(`Sign-in answered ${browserLogin.status()}`);
    await page.goto(`${origin}/`);
    for (let run = 0; run <= RELOADS; run++) {
      await page.goto(`${origin}/ops-tracker`);
      await page.waitForFunction(
        (expected) => document.querySelectorAll('[data-testid="ops-row"]').length === expected,
        cafes,
      );
      const { sinceNavigation, longest } = await page.evaluate(() => ({
        sinceNavigation: performance.now(),
        longest: Math.max(0, ...(window.benchLongTasks ?? [])),
      }));
      console.log(
        `  ${run === 0 ? 'first load' : `reload ${run}    `}  grid of ${cafes} cafés usable after ${Math.round(sinceNavigation)} ms` +
          ` (longest task before: ${Math.round(longest)} ms)`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  await stopServer();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
