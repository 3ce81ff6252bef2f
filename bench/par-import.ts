import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runParImport } from '@cli/par-import/run-par-import.ts';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPglite, pgliteBehind } from '@db/pglite-client.ts';
import { openPostgres } from '@db/postgres-client.ts';
import postgres from 'postgres';
import { createBenchDatabase } from './support/bench-database.ts';

/**
 * `bun run bench/par-import.ts`: imports a 50,000-row PAR file (280 products × 179 cafés) through the same
 * code as `parstock pars import`, once on the embedded database and once on a fresh PostgreSQL database
 * (BENCH_DATABASE_URL, default the dev server), and prints rows per second for the check and write phases
 * and the peak memory of each run. Each run is its own process, so one run's memory does not hide another's.
 * The embedded database is prepared, closed and opened again before the import, as `parstock pars import` opens
 * an existing data folder. Then, on the same database, the same rows are `COPY`'d into an empty table of the same
 * shape as `location_products` (columns, defaults, checks, primary key, foreign keys): the import's whole rate
 * (check and write, with its comparison and audit rows) is printed beside that rate, with the 0.5 floor and the
 * 300 MB memory ceiling. Figures only: nothing here passes or fails on speed.
 */

const ROWS = 50_000;
const PRODUCTS = 280;
const LOCATIONS = Math.ceil(ROWS / PRODUCTS);
const DEFAULT_SERVER = 'postgres://postgres@localhost:55432/postgres';

type Target = 'pglite' | 'postgres';

interface RunResult {
  target: Target;
  csvBytes: number;
  checkSeconds: number;
  /** From the last row compared to the commit. */
  writeSeconds: number;
  /** PARs already written when the last row was compared. */
  writtenDuringCheck: number;
  rows: number;
  written: number;
  created: number;
  changed: number;
  unchanged: number;
  baselineRss: number;
  peakRss: number;
  baselineHeap: number;
  peakHeap: number;
  copySeconds: number;
}

/** Cafés and products to import into; every other café already has PARs, so the file creates and changes. */
async function prepare(db: Db): Promise<void> {
  await migrate(db);
  await db.exec(`
    INSERT INTO districts (name) VALUES ('Bench');
    INSERT INTO locations (name, code, district_id)
    SELECT 'Bench café ' || n, 'B-' || lpad(n::text, 3, '0'), (SELECT id FROM districts) FROM generate_series(1, ${LOCATIONS}) AS n;
    INSERT INTO products (name, sku, cafe_order_category)
    SELECT 'Bench product ' || n, 'BP-' || lpad(n::text, 4, '0'), 'Bench' FROM generate_series(1, ${PRODUCTS}) AS n;
    INSERT INTO location_products (location_id, product_id, par)
    SELECT l.id, p.id, (p.id % 12) FROM locations l CROSS JOIN products p WHERE l.id % 2 = 0;
  `);
}

/** Rows name products by name and by SKU alike; a third of the stored PARs stay as they are. */
function benchCsv(): string {
  const lines = ['location_code,product,par'];
  for (let i = 0; i < ROWS; i++) {
    const location = Math.floor(i / PRODUCTS) + 1;
    const product = (i % PRODUCTS) + 1;
    const name = product % 2 ? `Bench product ${product}` : `BP-${String(product).padStart(4, '0')}`;
    const par = product % 3 === 0 ? product % 12 : ((product * 7) % 97) / 4;
    lines.push(`B-${String(location).padStart(3, '0')},${name},${par}`);
  }
  return `${lines.join('\n')}\n`;
}

interface BenchTarget {
  db: Db;
  /** COPY of CSV text (location_id, product_id, par) into `copy_bench`. */
  copy: (csv: string) => Promise<void>;
  dispose: () => Promise<void>;
}

const COPY_INTO = `COPY copy_bench (location_id, product_id, par) FROM STDIN WITH (FORMAT csv)`;

async function openTarget(target: Target): Promise<BenchTarget> {
  if (target === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'parstock-bench-'));
    const fresh = await openPglite(join(dir, 'pglite'));
    await prepare(fresh);
    await fresh.close();
    const db = await openPglite(join(dir, 'pglite'));
    const pglite = pgliteBehind(db);
    if (!pglite) throw new Error('No PGlite behind the embedded database');
    return {
      db,
      copy: async (csv) => {
        await pglite.query(COPY_INTO.replace('STDIN', `'/dev/blob'`), [], { blob: new Blob([csv]) });
      },
      dispose: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const server = process.env.BENCH_DATABASE_URL || DEFAULT_SERVER;
  const database = await createBenchDatabase(server);
  const db = openPostgres(database.url, { max: 2 });
  await prepare(db);
  const raw = postgres(database.url, { max: 1, onnotice: () => {} });
  return {
    db,
    copy: async (csv) => {
      const stream = await raw.unsafe(COPY_INTO).writable();
      await new Promise<void>((resolve, reject) => {
        stream.on('error', reject);
        stream.on('finish', () => resolve());
        stream.end(csv);
      });
    },
    dispose: async () => {
      await raw.end({ timeout: 5 });
      await db.close();
      await database.drop();
    },
  };
}

async function runOne(target: Target): Promise<RunResult> {
  const { db, copy, dispose } = await openTarget(target);
  try {
    const csvText = benchCsv();
    Bun.gc(true);
    const baselineRss = process.memoryUsage.rss();
    let peakRss = baselineRss;
    const baselineHeap = process.memoryUsage().heapUsed;
    let peakHeap = baselineHeap;
    const sample = () => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    };
    const sampler = setInterval(sample, 5);

    const started = performance.now();
    // The last row compared: from there on only the write is left (decision 072: the write starts beside the check).
    let checked: number | null = null;
    let writtenDuringCheck = 0;
    const result = await runParImport(
      db,
      { csvText, source: 'bench.csv', dryRun: false, overrideLocks: false },
      (progress) => {
        sample();
        if (progress.toWrite !== null && checked === null) {
          checked = performance.now();
          writtenDuringCheck = progress.written;
        }
      },
    );
    const finished = performance.now();
    clearInterval(sampler);
    sample();
    const [stored] = await db.query<{ n: number }>(
      "SELECT coalesce(sum((SELECT count(*) FROM jsonb_object_keys(after->'pars'))), 0)::int AS n FROM audit_log WHERE action = 'par.import'",
    );
    // The same rows by id, into an empty table of location_products' shape.
    const copyCsv = (
      await db.query<{ line: string }>(
        `SELECT location_id || ',' || product_id || ',' || par AS line FROM location_products
          WHERE location_id IN (SELECT id FROM locations WHERE code LIKE 'B-%') ORDER BY 1 LIMIT ${ROWS}`,
      )
    )
      .map((row) => row.line)
      .join('\n');
    await db.exec(`
      CREATE TABLE copy_bench (LIKE location_products INCLUDING ALL);
      ALTER TABLE copy_bench ADD FOREIGN KEY (location_id) REFERENCES locations(id),
                             ADD FOREIGN KEY (product_id) REFERENCES products(id),
                             ADD FOREIGN KEY (updated_by) REFERENCES users(id);
    `);
    const copyStarted = performance.now();
    await copy(`${copyCsv}\n`);
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const [copied] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM copy_bench');
    if (copied?.n !== ROWS) throw new Error(`COPY stored ${copied?.n} rows, not ${ROWS}`);
    return {
      target,
      csvBytes: Buffer.byteLength(csvText),
      checkSeconds: ((checked ?? finished) - started) / 1000,
      writeSeconds: (finished - (checked ?? finished)) / 1000,
      writtenDuringCheck,
      rows: result.tally.rows,
      written: stored?.n ?? 0,
      created: result.tally.created,
      changed: result.tally.changed,
      unchanged: result.tally.unchanged,
      baselineRss,
      peakRss,
      baselineHeap,
      peakHeap,
      copySeconds,
    };
  } finally {
    await dispose();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const perSecond = (rows: number, seconds: number) =>
  `${Math.round(rows / seconds).toLocaleString('en-US')}/s (${seconds.toFixed(2)} s)`;

async function main(): Promise<void> {
  const only = process.argv.indexOf('--target');
  if (only > 0) {
    // A child run: one target, its figures as JSON on stdout.
    process.stdout.write(JSON.stringify(await runOne(process.argv[only + 1] as Target)));
    return;
  }
  console.log(
    `PAR import: ${ROWS.toLocaleString('en-US')} rows (${PRODUCTS} products × ${LOCATIONS} cafés)\n`,
  );
  const header = [
    'database',
    'check (rows/s, PARs written meanwhile)',
    'write after the check',
    'created/changed/unchanged',
    'RSS before → peak',
    'JS heap before → peak',
    'import (whole)',
    'COPY, same rows',
    'import ÷ COPY',
  ];
  const table: string[][] = [header];
  let failed = false;
  let memoryNote = '';
  for (const target of ['pglite', 'postgres'] as const) {
    const child = Bun.spawn([process.execPath, import.meta.path, '--target', target], {
      stdout: 'pipe',
      stderr: 'pipe',
      env: process.env,
    });
    const [out, err, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    const label = target === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
    if (code !== 0) {
      failed = true;
      table.push([label, `failed: ${err.trim().split('\n').at(-1) ?? `exit ${code}`}`]);
      continue;
    }
    const r = JSON.parse(out) as RunResult;
    if (r.written !== r.created + r.changed) throw new Error(`${label}: audited ${r.written} PARs`);
    table.push([
      label,
      `${perSecond(r.rows, r.checkSeconds)}, ${r.writtenDuringCheck.toLocaleString('en-US')}`,
      perSecond(r.created + r.changed - r.writtenDuringCheck, r.writeSeconds),
      `${r.created}/${r.changed}/${r.unchanged}`,
      `${mb(r.baselineRss)} → ${mb(r.peakRss)}`,
      `${mb(r.baselineHeap)} → ${mb(r.peakHeap)}`,
      perSecond(r.rows, r.checkSeconds + r.writeSeconds),
      perSecond(r.rows, r.copySeconds),
      `${(r.copySeconds / (r.checkSeconds + r.writeSeconds)).toFixed(2)} (floor 0.5)`,
    ]);
    if (target === 'pglite') {
      memoryNote = `PGlite peak RSS ${mb(r.peakRss)}: ${r.peakRss < 300 * 1024 * 1024 ? 'within' : 'OVER'} the 300 MB ceiling`;
    }
  }
  const widths = header.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
  for (const row of table)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  if (memoryNote) console.log(`\n${memoryNote}`);
  console.log(
    [
      '',
      'check = parse + every row rule + compare with stored PARs, up to the last row; the writes of creates and changes',
      'with their audit rows start beside it once a write chunk is planned, in one transaction, and "write after the',
      'check" is what is left of them then (decision 072). Memory is sampled every 5 ms during the import; "before" is once the file is generated and',
      "the database prepared (PGlite: closed and opened again). PGlite's WebAssembly memory counts in both RSS and the",
      'JS heap. import (whole) = rows ÷ (check + write); COPY = the same rows by id into an empty table of the same shape.',
    ].join('\n'),
  );
  if (failed) process.exitCode = 1;
}

await main();
