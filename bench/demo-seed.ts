import type { Db } from '@db/client.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { openTestDb } from '@db/testing/test-db.ts';

/**
 * How long the demo seed takes on a fresh, migrated database (PGlite in memory unless TEST_DATABASE_URL is
 * set): it runs on every fresh start without a database URL and in tests. Prints the median of BENCH_RUNS
 * seeds at a fixed clock, and with BENCH_CHECKSUMS=1 an md5 per table over the rows of the four-week window
 * (the rows with the lowest ids, as many as a seed without older history writes), so a change to the seed can
 * show it left that window as it was.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const NOW = new Date('2026-03-10T16:00:00Z');
const TABLES = [
  'districts',
  'locations',
  'users',
  'user_locations',
  'user_districts',
  'categories',
  'products',
  'location_products',
  'count_sessions',
  'count_items',
  'count_completions',
  'nightly_counts',
  'nightly_count_items',
  'orders',
  'order_lines',
  'order_events',
  'tasks',
  'task_completions',
];

async function checksums(db: Db, limits: Record<string, number>): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of TABLES) {
    // password_hash is salted afresh on every seed and columns defaulting to now() carry the seeding time:
    // everything else in a row is compared.
    const [row] = await db.query<{ sum: string; n: number }>(
      `SELECT md5(string_agg((to_jsonb(t) - 'password_hash' - ARRAY(
                SELECT column_name::text FROM information_schema.columns
                 WHERE table_name = $2 AND column_default LIKE '%now()%'))::text, '|' ORDER BY t::text)) AS sum,
              count(*)::int AS n
         FROM (SELECT * FROM ${table} ORDER BY ctid LIMIT $1) t`,
      [limits[table] ?? null, table],
    );
    sums[table] = `${row?.n} rows ${row?.sum}`;
  }
  return sums;
}

const times: number[] = [];
let sums: Record<string, string> | undefined;
for (let run = 0; run < RUNS; run++) {
  const db = await openTestDb();
  try {
    const started = performance.now();
    await seedDemo(db, { now: NOW });
    times.push(performance.now() - started);
    if (run === 0 && process.env.BENCH_CHECKSUMS) {
      const limits = process.env.BENCH_WINDOW_ROWS ? JSON.parse(process.env.BENCH_WINDOW_ROWS) : {};
      sums = await checksums(db, limits);
    }
  } finally {
    await db.close();
  }
}
times.sort((a, b) => a - b);
console.log(
  `demo seed on ${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'}: median ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms of ${RUNS} (${times.map((t) => Math.round(t)).join(', ')} ms)`,
);
if (sums) console.log(JSON.stringify(sums, null, 1));
