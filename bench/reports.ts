import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { runReport } from '@db/repositories/reports/run-report.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { REPORT_NAMES, type ReportName } from '@engine/reports/report-definitions.ts';
import { REPORT_MAX_ROWS } from '@engine/reports/report-query.ts';
import postgres from 'postgres';

/**
 * Each Navigator report's server time on generated history: BENCH_CAFES cafés × BENCH_PRODUCTS products over
 * BENCH_DAYS days, a completed count every BENCH_COUNT_EVERY days at each café with every product counted, an
 * order after each count (60 % of the products, submitted → approved → placed → received), and a nightly count
 * of 12 daily products every day with Square's figure beside it. Runs on PostgreSQL when TEST_DATABASE_URL is set (a fresh database, dropped
 * afterwards), else on PGlite in memory. BENCH_KEEP_DATABASE=<name> (with TEST_DATABASE_URL) generates into that
 * database once and keeps it, so the report queries can be timed again without regenerating; drop it by hand
 * afterwards (`DROP DATABASE <name>`). Prints the median of BENCH_RUNS runs per report for every café over the
 * whole range, one café over the whole range and one café over the last month, then EXPLAIN (ANALYZE, BUFFERS)
 * of the slowest. Figures are printed, never asserted: they depend on the machine.
 */

const CAFES = Number(process.env.BENCH_CAFES ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const COUNT_EVERY = Number(process.env.BENCH_COUNT_EVERY ?? 7);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const END = '2026-10-31';
// BENCH_REPORTS=usage,par-health times only those; BENCH_GENERATE_ONLY=1 stops after generating (a kept database).
const ONLY_REPORTS = process.env.BENCH_REPORTS
  ? REPORT_NAMES.filter((name) => process.env.BENCH_REPORTS?.split(',').includes(name))
  : REPORT_NAMES;

// As the route asks (one row over its limit, to refuse a longer answer); BENCH_ROW_LIMIT=0 reads every row, as
// `parstock report` does.
const ROW_LIMIT =
  process.env.BENCH_ROW_LIMIT === '0'
    ? undefined
    : Number(process.env.BENCH_ROW_LIMIT ?? REPORT_MAX_ROWS + 1);
const ms = (value: number) => `${Math.round(value)} ms`;
const day = (offset: number) =>
  new Date(Date.parse(`${END}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

async function generate(db: Db): Promise<{ rows: Record<string, number>; seconds: number }> {
  const started = performance.now();
  const start = day(-(DAYS - 1));
  await db.exec(`
    INSERT INTO districts (name) VALUES ('Bench East'), ('Bench Central');
    INSERT INTO users (email, password_hash, role_key) VALUES ('bench@parstock.test', 'x', 'admin');
    INSERT INTO locations (name, code, district_id, timezone)
      SELECT 'Bench Café ' || i, 'B-' || lpad(i::text, 3, '0'),
             (SELECT id FROM districts ORDER BY id OFFSET (i % 2) LIMIT 1),
             CASE WHEN i % 2 = 0 THEN 'America/New_York' ELSE 'America/Chicago' END
        FROM generate_series(1, ${CAFES}) i;
    INSERT INTO categories (name, display_order)
      SELECT 'Bench category ' || c, 100 + c FROM generate_series(0, 9) c ON CONFLICT DO NOTHING;
    INSERT INTO products (name, sku, cafe_order_category, unit_cost, is_daily_count)
      SELECT 'Bench product ' || lpad(p::text, 5, '0'), 'BENCH-' || p, 'Bench category ' || (p % 10),
             1 + (p % 40) + (p % 7) * 0.25, p <= 12
        FROM generate_series(1, ${PRODUCTS}) p;
    CREATE TEMP TABLE bench_products AS SELECT id, row_number() OVER (ORDER BY id) AS n FROM products
      WHERE name LIKE 'Bench product %';
    INSERT INTO location_products (location_id, product_id, par)
      SELECT l.id, p.id, 5 + (p.n % 20) FROM locations l CROSS JOIN bench_products p;
    -- One count session per count day per café, counted at 07:00 local and completed at 07:30.
    INSERT INTO count_sessions (location_id, status, started_at, closed_at)
      SELECT l.id, 'closed', (d::date + time '06:00') AT TIME ZONE l.timezone, (d::date + time '09:00') AT TIME ZONE l.timezone
        FROM locations l, generate_series('${start}'::date, '${END}'::date, interval '${COUNT_EVERY} days') d;
    INSERT INTO count_items (session_id, product_id, count, confirmed)
      SELECT s.id, p.id, (p.n * 7 + s.id * 13) % 25, true FROM count_sessions s CROSS JOIN bench_products p;
    INSERT INTO count_completions (location_id, session_id, completed_at, items_counted, is_active)
      SELECT s.location_id, s.id, s.started_at + interval '90 minutes', ${PRODUCTS}, false FROM count_sessions s;
    INSERT INTO orders (number, location_id, status, created_at)
      SELECT 'BENCH-' || s.id, s.location_id, 'received', s.started_at + interval '3 hours' FROM count_sessions s;
    INSERT INTO order_lines (order_id, product_id, quantity, unit_cost)
      SELECT o.id, p.id, 1 + (p.n + o.id) % 9, 2.5 FROM orders o CROSS JOIN bench_products p
       WHERE o.number LIKE 'BENCH-%' AND (p.n + o.id) % 5 < 3;
    INSERT INTO order_events (order_id, from_status, to_status, created_at)
      SELECT o.id, e.from_status, e.to_status, o.created_at + e.after
        FROM orders o CROSS JOIN (VALUES (NULL, 'submitted', interval '0'), ('submitted', 'approved', interval '5 hours'),
             ('approved', 'placed', interval '8 hours'), ('placed', 'received', interval '2 days')) e(from_status, to_status, after)
       WHERE o.number LIKE 'BENCH-%';
    INSERT INTO nightly_counts (location_id, business_date, created_at, completed_at)
      SELECT l.id, d::date, (d::date + time '21:00') AT TIME ZONE l.timezone, (d::date + time '21:20') AT TIME ZONE l.timezone
        FROM locations l, generate_series('${start}'::date, '${END}'::date, interval '1 day') d
       WHERE (l.id + extract(doy FROM d)::int) % 15 <> 0;
    INSERT INTO nightly_count_items (nightly_count_id, product_id, count, square_quantity, confirmed)
      SELECT n.id, p.id, (n.id + p.n) % 6, (n.id + p.n) % 6 + (n.id * p.n) % 3, true FROM nightly_counts n CROSS JOIN bench_products p WHERE p.n <= 12;
    ANALYZE;
  `);
  const [rows] = await db.query<Record<string, number>>(`SELECT
    (SELECT count(*)::int FROM count_items) AS "count items", (SELECT count(*)::int FROM count_completions) AS "completed counts",
    (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM order_lines) AS "order lines",
    (SELECT count(*)::int FROM order_events) AS "order events", (SELECT count(*)::int FROM nightly_counts) AS "nightly counts"`);
  return { rows: rows ?? {}, seconds: (performance.now() - started) / 1000 };
}

async function time(work: () => Promise<unknown>): Promise<{ median: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = await work();
    times.push(performance.now() - started);
    rows = Array.isArray(result) ? result.length : 0;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, rows };
}

/** The kept database named by BENCH_KEEP_DATABASE, created and migrated when missing; else a throwaway one. */
async function openBenchDb(): Promise<{ db: Db; fresh: boolean }> {
  const keep = process.env.BENCH_KEEP_DATABASE;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!keep || !serverUrl) return { db: await openTestDb(), fresh: true };
  if (!/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error('BENCH_KEEP_DATABASE: lower-case letters, digits, _');
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${keep}`;
  if (!exists) await admin.unsafe(`CREATE DATABASE ${keep}`);
  await admin.end({ timeout: 5 });
  const url = new URL(serverUrl);
  url.pathname = `/${keep}`;
  const db = openPostgres(url.toString(), { max: 2 });
  await migrate(db);
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM locations');
  return { db, fresh: (row?.n ?? 0) === 0 };
}

async function main(): Promise<void> {
  const { db, fresh } = await openBenchDb();
  try {
    if (fresh) {
      console.log(
        `Generating ${CAFES} cafés × ${PRODUCTS} products × ${DAYS} days on ${db.driver} (a count every ${COUNT_EVERY} days)…`,
      );
      const { rows, seconds } = await generate(db);
      console.log(
        `Generated in ${seconds.toFixed(1)} s: ${Object.entries(rows)
          .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
          .join(', ')}\n`,
      );
      if (process.env.BENCH_GENERATE_ONLY) return;
    } else console.log(`Reusing the history already generated in ${process.env.BENCH_KEEP_DATABASE}\n`);
    const allIds = (await db.query<{ id: number }>('SELECT id FROM locations ORDER BY id')).map((l) => l.id);
    const views = [
      {
        label: `all ${CAFES} cafés, ${day(-(DAYS - 1))}..${END}`,
        locationIds: allIds,
        from: day(-(DAYS - 1)),
        to: END,
      },
      {
        label: `one café, ${day(-(DAYS - 1))}..${END}`,
        locationIds: allIds.slice(0, 1),
        from: day(-(DAYS - 1)),
        to: END,
      },
      { label: `one café, ${day(-30)}..${END}`, locationIds: allIds.slice(0, 1), from: day(-30), to: END },
    ];
    let slowest: { name: ReportName; view: (typeof views)[number]; median: number } | undefined;
    console.log('report            | view                                   | rows     | median');
    for (const view of views) {
      for (const name of ONLY_REPORTS) {
        const { median, rows: count } = await time(() =>
          runReport(db, name, { ...view, now: new Date(`${END}T23:00:00Z`), rowLimit: ROW_LIMIT }),
        );
        console.log(
          `${name.padEnd(17)} | ${view.label.padEnd(38)} | ${String(count).padStart(8)} | ${ms(median)}`,
        );
        if (!slowest || median > slowest.median) slowest = { name, view, median };
      }
    }
    if (slowest) {
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the slowest: ${slowest.name}, ${slowest.view.label}`);
      const captured: string[] = [];
      const explaining: Db = {
        ...db,
        query: async <T>(text: string, params?: readonly unknown[]) => {
          const plan = await db.query<Record<string, string>>(
            `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`,
            params as never,
          );
          captured.push(plan.map((row) => Object.values(row)[0]).join('\n'));
          return db.query<T>(text, params as never);
        },
      };
      await runReport(explaining, slowest.name, {
        ...slowest.view,
        now: new Date(`${END}T23:00:00Z`),
        rowLimit: ROW_LIMIT,
      });
      console.log(captured.join('\n\n'));
    }
  } finally {
    await db.close();
  }
}

await main();
