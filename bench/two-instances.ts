import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hashSessionId, newSessionId } from '@bff/auth/session-cookie.ts';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { hashPassword } from '@db/password.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { percentile } from './autosave-load.ts';
import { createBenchDatabase } from './support/bench-database.ts';
import { spawnProductionServer, waitForHealth } from './support/bench-server.ts';
import { cpuSeconds, machineBusySeconds, postgresCpu, postgresCpuSince } from './support/process-cpu.ts';
import { verifyLastTyped } from './support/verify-last-typed.ts';
import type { LoadDevice, LoadFigures, LoadPlan } from './two-instances-worker.ts';

/**
 * Two server processes (`bun bff/src/main.ts`) on one PostgreSQL database, driven by simulated devices spread
 * over both: each opens Count Inventory (its reads), saves a batch of five counts every 2 s open-loop and
 * re-reads its café's inventory every minute. Prints latency percentiles for saves and reads, errors, and
 * checks at the end that every item holds the last value typed for it. Figures are printed beside issue 17's
 * target, never asserted. See bench/README.md.
 */

const env = process.env;
const DEVICES = Number(env.BENCH_DEVICES ?? 2000);
const DEVICES_PER_CAFE = Number(env.BENCH_DEVICES_PER_CAFE ?? 10);
const SECONDS = Number(env.BENCH_SECONDS ?? 60);
const RAMP_SECONDS = Number(env.BENCH_RAMP_SECONDS ?? 10);
const INSTANCES = Number(env.BENCH_INSTANCES ?? 2);
const LOAD_THREADS = Number(env.BENCH_LOAD_THREADS ?? 2);
const POOL_SIZE = Number(env.BENCH_POOL_SIZE ?? 10);
/** Extra flags for the server processes' `bun`, e.g. `--cpu-prof-md --cpu-prof-dir=/tmp/prof` to see where they spend. */
const SERVER_FLAGS = env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
/**
 * Diagnosis only, never a deployment setting: commits stop waiting for the WAL flush, which shows whether the
 * flush is what limits the run (an answered save could then be lost in a crash of PostgreSQL).
 */
const DIAGNOSE_ASYNC_COMMIT = env.BENCH_DIAGNOSE_ASYNC_COMMIT === '1';
const POSTGRES_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@localhost:55432/postgres';
// Below Linux's ephemeral ports (32768–60999), which the load's thousands of client sockets take: a port there was
// sometimes in use by one of them when a server started.
const BASE_PORT = Number(env.BENCH_PORT ?? 21_000 + Math.floor(Math.random() * 1000));
const TARGET_P99_MS = 100;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const n = (value: number) => value.toLocaleString('en-US');

/*
 * Bun's fetch keeps at most 256 requests under way per process (BUN_CONFIG_MAX_HTTP_REQUESTS, read once at start)
 * and queues the rest inside the load generator. Past that many in flight the backlog then formed here, in front of
 * the servers, and their own queues and refusals (decision 064) never showed. Each simulated device is a phone of
 * its own: the bench runs itself again with room for four requests a device.
 */
if (!env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
  const again = Bun.spawn([process.execPath, ...process.argv.slice(1)], {
    env: { ...env, BUN_CONFIG_MAX_HTTP_REQUESTS: String(Math.min(65_000, Math.max(256, DEVICES * 4))) },
    stdio: ['inherit', 'inherit', 'inherit'],
  });
  process.exit(await again.exited);
}

/** Cafés enough for the devices, one staff account and one live session per device. */
async function prepareChain(db: Db): Promise<{ cafes: number[]; cookies: string[]; deviceCafe: number[] }> {
  await migrate(db);
  await seedDemo(db);
  const cafesNeeded = Math.ceil(DEVICES / DEVICES_PER_CAFE);
  const [district] = await db.query<{ id: number }>('SELECT id FROM districts ORDER BY id LIMIT 1');
  await db.query(
    `INSERT INTO locations (name, code, district_id, timezone)
     SELECT 'Bench Café ' || n, 'BENCH-' || n, $1, 'America/New_York'
       FROM generate_series((SELECT count(*) FROM locations) + 1, $2::int) AS n`,
    [district?.id ?? 0, cafesNeeded],
  );
  const cafes = (
    await db.query<{ id: number }>('SELECT id FROM locations WHERE active ORDER BY id LIMIT $1', [
      cafesNeeded,
    ])
  ).map((row) => row.id);
  // One password hash for all: nobody signs in with it, the sessions are made here (sign-in is not measured).
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const users = await db.query<{ id: number; n: number }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, role_key)
     SELECT 'bench-device-' || n || '@parstock.test', 'Bench', 'Device ' || n, $1, 'staff'
       FROM generate_series(1, $2::int) AS n
     RETURNING id, substring(email from 'bench-device-(\\d+)@')::int AS n`,
    [passwordHash, DEVICES],
  );
  users.sort((a, b) => a.n - b.n);
  const deviceCafe = users.map((_, i) => cafes[i % cafes.length] ?? 0);
  await db.query(
    `INSERT INTO user_locations (user_id, location_id)
     SELECT * FROM unnest($1::int[], $2::int[])`,
    [users.map((u) => u.id), deviceCafe],
  );
  const sessionIds = users.map(() => newSessionId());
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, expires_at)
     SELECT * FROM unnest($1::text[], $2::int[], $3::timestamptz[])`,
    [
      sessionIds.map(hashSessionId),
      users.map((u) => u.id),
      users.map(() => new Date(Date.now() + 12 * 3600_000).toISOString()),
    ],
  );
  return { cafes, cookies: sessionIds.map((id) => `sid=${id}`), deviceCafe };
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
  } catch {
    return Number.NaN;
  }
}

function runLoad(plan: LoadPlan): Promise<LoadFigures> {
  const worker = new Worker(new URL('./two-instances-worker.ts', import.meta.url).href);
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<LoadFigures>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(plan);
  });
}

const database = await createBenchDatabase(POSTGRES_URL);
const databaseUrl = new URL(database.url);
if (DIAGNOSE_ASYNC_COMMIT)
  await database.admin.unsafe(`ALTER DATABASE ${database.name} SET synchronous_commit = off`);
const db = openPostgres(database.url, { max: 4 });
// Latencies are also printed by the window they were due in (10 s; BENCH_WINDOW_MS): the screens open in the first.
const WINDOW_MS = Number(env.BENCH_WINDOW_MS ?? 10_000);
const servers: ReturnType<typeof Bun.spawn>[] = [];
try {
  const setupStarted = performance.now();
  const { cafes, cookies, deviceCafe } = await prepareChain(db);
  // Statistics as a live chain's database has them (autovacuum keeps them): a database seeded a second ago and
  // left to its guesses re-plans mid-run, when autovacuum first analyzes the tables the run is filling.
  await db.query('ANALYZE');
  const origins: string[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const port = BASE_PORT + i;
    const spawned = spawnProductionServer({
      port,
      databaseUrl: databaseUrl.toString(),
      flags: SERVER_FLAGS,
      env: { DATABASE_POOL_SIZE: String(POOL_SIZE) },
      stderr: 'inherit',
    });
    servers.push(spawned.server);
    origins.push(spawned.origin);
  }
  await Promise.all(origins.map((origin) => waitForHealth(origin, Date.now() + 60_000)));

  // Each café's product list, read once through the API like a device would.
  const productsOf = new Map<number, number[]>();
  for (const cafe of cafes) {
    const device = deviceCafe.indexOf(cafe);
    const res = await fetch(`${origins[0]}/api/inventory?locationId=${cafe}`, {
      headers: { cookie: cookies[device] ?? '' },
    });
    const body = (await res.json()) as { items: { productId: number; lifecycle: string }[] };
    productsOf.set(
      cafe,
      body.items.filter((item) => item.lifecycle !== 'discontinued').map((item) => item.productId),
    );
  }

  // Whole cafés per load thread (their last typed values stay in one place); devices alternate instances.
  const plans: LoadDevice[][] = Array.from({ length: LOAD_THREADS }, () => []);
  cookies.forEach((cookie, i) => {
    const locationId = deviceCafe[i] ?? 0;
    plans[cafes.indexOf(locationId) % LOAD_THREADS]?.push({
      cookie,
      locationId,
      productIds: productsOf.get(locationId) ?? [],
      origin: origins[i % INSTANCES] ?? '',
    });
  });
  console.log(
    `${INSTANCES} server processes on one PostgreSQL (${databaseUrl.host}, a pool of ${POOL_SIZE} each); ${n(DEVICES)} devices in` +
      ` ${n(cafes.length)} cafés, spread over both; ${SECONDS} s, screens opened over the first ${RAMP_SECONDS} s` +
      ` (setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s)` +
      (DIAGNOSE_ASYNC_COMMIT ? '; DIAGNOSIS: synchronous_commit off' : ''),
  );
  const rssBefore = servers.map((s) => rssMb(s.pid));
  const cpuBefore = {
    generator: cpuSeconds('self'),
    servers: servers.map((s) => cpuSeconds(s.pid)),
    machine: machineBusySeconds(),
    postgres: postgresCpu(),
  };
  // What the database's sessions are doing, sampled through the run: CPU, waiting on a lock, on the WAL...
  const waits = new Map<string, number>();
  let samples = 0;
  const sampler = setInterval(async () => {
    samples++;
    for (const row of await database.admin<{ wait: string; n: number }[]>`
      SELECT COALESCE(wait_event_type || ':' || wait_event, 'on CPU') AS wait, count(*)::int AS n
        FROM pg_stat_activity
       WHERE datname = ${database.name} AND state = 'active' AND pid <> pg_backend_pid()
       GROUP BY 1`) {
      waits.set(row.wait, (waits.get(row.wait) ?? 0) + row.n);
    }
  }, 250);
  const walOf = async () =>
    (
      await database.admin<{ bytes: number; fpi: number; syncs: number }[]>`
        SELECT wal_bytes::float8 AS bytes, wal_fpi::float8 AS fpi, wal_sync::float8 AS syncs FROM pg_stat_wal`
    )[0] ?? { bytes: 0, fpi: 0, syncs: 0 };
  const walBefore = await walOf();
  const loadStarted = performance.now();
  const startAt = Date.now() + 500;
  const results = await Promise.all(
    plans.map((devices) =>
      runLoad({
        devices,
        startAt,
        rampMs: RAMP_SECONDS * 1000,
        durationMs: SECONDS * 1000,
        saveEveryMs: 2000,
        inventoryEveryMs: 60_000,
        completionEveryMs: 30_000,
        batchSize: 5,
        windowMs: WINDOW_MS,
      }),
    ),
  );
  clearInterval(sampler);
  const walAfter = await walOf();
  const rssAfter = servers.map((s) => rssMb(s.pid));
  const wall = (performance.now() - loadStarted) / 1000;
  const generatorCpu = cpuSeconds('self') - cpuBefore.generator;
  const serverCpu = servers.map((s, i) => cpuSeconds(s.pid) - (cpuBefore.servers[i] ?? 0));
  const machineCpu = machineBusySeconds() - cpuBefore.machine;
  const databaseCpu = postgresCpuSince(cpuBefore.postgres);
  const all = (pick: (f: LoadFigures) => number[]) => results.flatMap(pick).sort((a, b) => a - b);
  const saves = all((f) => f.saveLatencies);
  const reads = all((f) => f.readLatencies);
  const lags = all((f) => f.sendLags);
  const errors = results.reduce((sum, f) => sum + f.errors, 0);
  const refusedBusy = results.reduce((sum, f) => sum + f.refusedBusy, 0);
  const line = (label: string, sorted: number[], seconds = SECONDS) =>
    `  ${label.padEnd(6)} ${n(sorted.length).padStart(7)} answered (${n(Math.round(sorted.length / seconds))}/s):` +
    ` p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))},` +
    ` max ${ms(sorted.at(-1) ?? Number.NaN)}`;
  console.log(line('saves', saves));
  console.log(line('reads', reads));
  console.log(
    line(
      'all',
      [...saves, ...reads].sort((a, b) => a - b),
    ),
  );
  const kinds = new Map<string, number[]>();
  for (const f of results)
    for (const [kind, values] of Object.entries(f.byKind))
      kinds.set(kind, [...(kinds.get(kind) ?? []), ...values]);
  for (const [kind, values] of kinds)
    console.log(
      line(
        `    ${kind}`,
        values.sort((a, b) => a - b),
      ),
    );
  const windows = new Map<number, number[]>();
  for (const f of results)
    for (const [window, values] of Object.entries(f.byWindow))
      windows.set(Number(window), [...(windows.get(Number(window)) ?? []), ...values]);
  for (const window of [...windows.keys()].sort((a, b) => a - b)) {
    const from = (window * WINDOW_MS) / 1000;
    console.log(
      line(
        `    due ${from}–${from + WINDOW_MS / 1000} s`,
        (windows.get(window) ?? []).sort((a, b) => a - b),
        WINDOW_MS / 1000,
      ),
    );
  }
  console.log(
    `  errors ${errors}${refusedBusy ? `, of which ${n(refusedBusy)} saves refused unsent as too busy (503 server_busy)` : ''}${results
      .flatMap((f) => f.firstErrors)
      .map((e) => `\n    ${e}`)
      .join('')}`,
  );
  console.log(
    `  load generator lag behind due times: p50 ${ms(percentile(lags, 50))}, p99 ${ms(percentile(lags, 99))}` +
      ' (included in the latencies above)',
  );
  console.log(`  server RSS: ${rssBefore.map((b, i) => `${b} → ${rssAfter[i]} MB`).join(', ')}`);
  const cores = (seconds: number) => `${(seconds / wall).toFixed(2)} cores`;
  const serversTotal = serverCpu.reduce((sum, s) => sum + s, 0);
  console.log(
    `  CPU over ${wall.toFixed(0)} s: load generator ${cores(generatorCpu)}, servers ${serverCpu.map(cores).join(' + ')},` +
      ` PostgreSQL ${cores(databaseCpu)}, everything else on the machine (other users)` +
      ` ${cores(machineCpu - generatorCpu - serversTotal - databaseCpu)}` +
      ` of ${navigator.hardwareConcurrency}`,
  );
  console.log(
    `  PostgreSQL sessions active on average: ${[...waits]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([wait, count]) => `${wait} ${(count / Math.max(1, samples)).toFixed(1)}`)
      .join(', ')}`,
  );
  const savesAnswered = saves.length || 1;
  console.log(
    `  WAL (the whole server, other databases included): ${n(Math.round((walAfter.bytes - walBefore.bytes) / savesAnswered))} bytes` +
      ` and ${((walAfter.fpi - walBefore.fpi) / savesAnswered).toFixed(2)} full-page images a save,` +
      ` ${n(Math.round((walAfter.syncs - walBefore.syncs) / wall))} WAL flushes/s for ${n(Math.round(saves.length / SECONDS))} saves/s`,
  );
  // An update PostgreSQL can make in place (HOT) writes no index entry; a full page forces a new one.
  const tables = await db.query<{ relname: string; upd: number; hot: number; ins: number }>(
    `SELECT relname, n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot, n_tup_ins::int AS ins
       FROM pg_stat_user_tables WHERE relname IN ('count_items', 'count_sessions', 'audit_log') ORDER BY relname`,
  );
  console.log(
    `  rows written: ${tables.map((t) => `${t.relname} ${n(t.ins)} inserted, ${n(t.upd)} updated (${t.upd ? Math.round((100 * t.hot) / t.upd) : 0} % in place)`).join('; ')}`,
  );
  const lastTyped = new Map(results.flatMap((f) => f.lastTyped));
  const checked = await verifyLastTyped(db, lastTyped, new Map(results.flatMap((f) => f.unanswered)));
  const { verified } = checked;
  // Items nobody typed must not be there either.
  const wrong = checked.wrong + checked.untyped;
  console.log(
    `  rows   ${n(verified)} of ${n(lastTyped.size)} items hold their last typed value; wrong rows ${wrong}` +
      (checked.fromUnanswered
        ? ` (${n(checked.fromUnanswered)} of them hold the value of a save whose sender got an error)`
        : ''),
  );
  for (const example of checked.examples) console.log(`         ${example}`);
  // A save stores a typing time later than the database's clock as that clock (the rule for a device whose clock
  // runs ahead): such an item's typing time equals the time of its save. The load generator's times are its own
  // clock's, so any such item says the generator ran ahead of the database, not that a save was lost.
  const [ahead] = await db.query<{ n: number; closest: number | null }>(
    `SELECT count(*) FILTER (WHERE ci.typed_at >= ci.updated_at)::int AS n,
            min(extract(epoch FROM ci.updated_at - ci.typed_at) * 1000)::float8 AS closest
       FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id AND cs.status = 'open'`,
  );
  console.log(
    `         items whose typing time was later than the database's clock at their save: ${ahead?.n ?? 0};` +
      ` the shortest time from typing to saving ${typeof ahead?.closest === 'number' ? `${ahead.closest.toFixed(2)} ms` : '-'}`,
  );
  const p99 = percentile(
    [...saves, ...reads].sort((a, b) => a - b),
    99,
  );
  const met = p99 < TARGET_P99_MS && errors === 0 && wrong === 0;
  console.log(
    `  target p99 < ${TARGET_P99_MS} ms, 0 errors, 0 wrong rows: ${met ? 'met' : 'NOT met'} (p99 ${ms(p99)})`,
  );
} finally {
  for (const server of servers) server.kill();
  await Promise.all(servers.map((server) => server.exited));
  await db.close();
  await database.drop();
}
