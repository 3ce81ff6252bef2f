import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@bff/app.ts';
import { parseConfig } from '@bff/config.ts';
import { RequestStatsRecorder } from '@bff/modules/admin/api-health/request-stats-recorder.ts';
import type { Db } from '@db/client.ts';
import { openPgliteOnItsOwnThread } from '@db/embedded-thread/thread-db.ts';
import { migrate } from '@db/migrate.ts';
import { hashPassword } from '@db/password.ts';
import { openPglite } from '@db/pglite-client.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { type CountItemEditRow, saveCountItems } from '@db/repositories/count-items.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { inventoryResponseSchema } from '@engine/api-schemas.ts';
import { type Device, percentile, randomBatch, runAutosaveInWorker } from './autosave-load.ts';
import { DbProfile, profiledDb } from './profiled-db.ts';
import { createBenchDatabase } from './support/bench-database.ts';
import { verifyLastTyped } from './support/verify-last-typed.ts';

/**
 * Count Inventory autosave under load. K simulated staff sign in and autosave counts of their café
 * concurrently (batches of 5–20 items, like the web client) through a real HTTP server (Bun.serve +
 * createApp) for a fixed time, first on the embedded database (PGlite), then on PostgreSQL. Prints
 * item-saves per second, request latency, errors, and whether every last typed value is in the database;
 * then the rate of the same batch upsert statement run directly against the database. Figures are printed,
 * never asserted: they depend on the machine. See bench/README.md.
 */

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 12);
const RAW_SECONDS = Number(env.BENCH_RAW_SECONDS ?? 6);
// The two measurements alternate, so a neighbour's load on a shared machine weighs on both alike.
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const STAFF = Number(env.BENCH_STAFF ?? 12);
const LOCATIONS = Number(env.BENCH_LOCATIONS ?? 6);
const POSTGRES_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@localhost:55432/postgres';
const SKIP_POSTGRES = env.BENCH_SKIP_POSTGRES === '1';
const SKIP_PGLITE = env.BENCH_SKIP_PGLITE === '1';
const PROFILE_REQUESTS = Number(env.BENCH_PROFILE_REQUESTS ?? 300);
/** Issue 17's target: the end-to-end rate at least this share of the raw statement's. */
const TARGET_RATIO = 0.8;
const BENCH_PASSWORD = 'bench-autosave-password';

const quiet = {
  info: () => {},
  error: (message: string, error?: unknown) => console.error(message, error ?? ''),
};

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rate = (n: number, seconds: number) => `${Math.round(n / seconds).toLocaleString('en-US')}/s`;

// ---------------------------------------------------------------------------------------------------------
// Setup: the demo chain, extra cafés when more are asked for, and one staff account per simulated device.
// ---------------------------------------------------------------------------------------------------------
async function prepareChain(
  db: Db,
): Promise<{ locationIds: number[]; staffEmails: string[]; staffIds: number[] }> {
  await migrate(db);
  await seedDemo(db);
  const [district] = await db.query<{ id: number }>('SELECT id FROM districts ORDER BY id LIMIT 1');
  const existing = await db.query<{ id: number }>('SELECT id FROM locations ORDER BY id');
  for (let n = existing.length + 1; n <= LOCATIONS; n++) {
    await db.query(
      `INSERT INTO locations (name, code, district_id, timezone) VALUES ($1, $2, $3, 'America/New_York')`,
      [`Bench Café ${n}`, `BENCH-${n}`, district?.id ?? 0],
    );
  }
  const locationIds = (
    await db.query<{ id: number }>('SELECT id FROM locations ORDER BY id LIMIT $1', [LOCATIONS])
  ).map((row) => row.id);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const staffEmails: string[] = [];
  const staffIds: number[] = [];
  for (let i = 0; i < STAFF; i++) {
    const email = `bench-staff-${i + 1}@parstock.test`;
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name, password_hash, role_key)
       VALUES ($1, 'Bench', $2, $3, 'staff') RETURNING id`,
      [email, `Staff ${i + 1}`, passwordHash],
    );
    await db.query('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [
      user?.id ?? 0,
      locationIds[i % locationIds.length] ?? 0,
    ]);
    staffEmails.push(email);
    staffIds.push(user?.id ?? 0);
  }
  return { locationIds, staffEmails, staffIds };
}

async function signIn(origin: string, email: string, locationId: number): Promise<Device> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.match(/sid=[^;]+/)?.[0];
  if (login.status !== 200 || !cookie) throw new Error(`Sign-in of ${email} answered ${login.status}`);
  const inventory = inventoryResponseSchema.parse(
    await (await fetch(`${origin}/api/inventory?locationId=${locationId}`, { headers: { cookie } })).json(),
  );
  return {
    cookie,
    locationId,
    sessionId: inventory.countSession?.id ?? null,
    productIds: inventory.items
      .filter((item) => item.lifecycle !== 'discontinued')
      .map((item) => item.productId),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The runs
// ---------------------------------------------------------------------------------------------------------
async function rawUpserts(
  db: Db,
  devices: Device[],
  actorIds: readonly number[],
  seconds: number,
): Promise<{ itemSaves: number; latencies: number[] }> {
  const sessions = new Map<number, number>();
  for (const row of await db.query<{ id: number; locationId: number }>(
    `SELECT id, location_id AS "locationId" FROM count_sessions WHERE status = 'open'`,
  )) {
    sessions.set(row.locationId, row.id);
  }
  let itemSaves = 0;
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    devices.map(async (device, index) => {
      const sessionId = sessions.get(device.locationId) ?? 0;
      // Each device's person, as on the HTTP path: two people typing one item change its counter each time.
      const actorId = actorIds[index] ?? 0;
      while (performance.now() < end) {
        const edits: CountItemEditRow[] = randomBatch(device.productIds).map(
          ({ micros: _, ...edit }) => edit,
        );
        const started = performance.now();
        await saveCountItems(db, {
          sessionId,
          locationId: device.locationId,
          actorId,
          clearedAt: null,
          edits,
        });
        latencies.push(performance.now() - started);
        itemSaves += edits.length;
      }
    }),
  );
  return { itemSaves, latencies };
}

/**
 * Where one save spends its time: one device saving back to back (no queueing behind other devices), every
 * statement timed by kind; what is left of the request's time is HTTP, JSON, validation and the handler.
 */
async function profileSaves(origin: string, device: Device, profile: DbProfile): Promise<void> {
  // A few saves first, so the profile sees the steady state (prepared statements, warm caches).
  const save = async () => {
    const batch = randomBatch(device.productIds);
    const res = await fetch(`${origin}/api/count-sessions/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: device.cookie },
      body: JSON.stringify({
        locationId: device.locationId,
        sessionId: device.sessionId,
        items: batch.map(({ micros: _, ...item }) => item),
      }),
    });
    if (res.status !== 200) throw new Error(`profile save answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 20; i++) await save();
  profile.reset();
  profile.enabled = true;
  const started = performance.now();
  for (let i = 0; i < PROFILE_REQUESTS; i++) await save();
  const perRequest = (performance.now() - started) / PROFILE_REQUESTS;
  profile.enabled = false;
  let inDb = 0;
  let statements = 0;
  console.log(
    `  profile          one device, ${PROFILE_REQUESTS} saves back to back: ${ms(perRequest)} a save, of which`,
  );
  const rows = [...profile.kinds].sort((a, b) => b[1].totalMs - a[1].totalMs);
  for (const [kind, figures] of rows) {
    const isStatement = kind !== 'transaction begin/commit';
    if (isStatement) statements += figures.statements;
    inDb += figures.totalMs;
    console.log(
      `                     ${kind.padEnd(38)} ${(figures.statements / PROFILE_REQUESTS).toFixed(2)} a save, ${ms(figures.totalMs / PROFILE_REQUESTS)}`,
    );
  }
  const outside = perRequest - inDb / PROFILE_REQUESTS;
  console.log(
    `                     ${'HTTP, JSON, validation, handler'.padEnd(38)} ${''.padEnd(6)} ${ms(outside)}` +
      `   (${(statements / PROFILE_REQUESTS).toFixed(2)} statements a save)`,
  );
}

async function run(label: string, db: Db): Promise<void> {
  const setupStarted = performance.now();
  const { locationIds, staffEmails, staffIds } = await prepareChain(db);
  // Flushed once at the end: answers still being counted as the server stops must not reach a closed database.
  const requestStats = new RequestStatsRecorder({ db, logger: quiet, flushIntervalMs: 3_600_000 });
  const profile = new DbProfile();
  const app = createApp({
    db: profiledDb(db, profile),
    config: parseConfig({ NODE_ENV: 'production', WEB_DIST_DIR: join(tmpdir(), 'parstock-bench-no-web') }),
    logger: quiet,
    requestStats,
  });
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) });
  const origin = `http://127.0.0.1:${server.port}`;
  try {
    // One after another: sign-ins under way from one address count against its limit until they are checked.
    const devices: Device[] = [];
    for (const [i, email] of staffEmails.entries())
      devices.push(await signIn(origin, email, locationIds[i % locationIds.length] ?? 0));
    const products = devices[0]?.productIds.length ?? 0;
    console.log(
      `\n${label}: ${locationIds.length} cafés, ${products} products each, ${devices.length} staff autosaving for ${SECONDS} s` +
        ` and the raw statement for ${RAW_SECONDS} s, in ${ROUNDS} alternating rounds` +
        ` (setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`,
    );

    const http = { requests: 0, itemSaves: 0, superseded: 0, errors: 0, firstError: null as string | null };
    const httpLatencies: number[] = [];
    const raw = { itemSaves: 0, latencies: [] as number[] };
    let verified = 0;
    let wrong = 0;
    let typed = 0;
    // The first few items that do not hold their last typed value, as the check words them, for a person to read.
    const wrongExamples: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { figures, lastTyped } = await runAutosaveInWorker(origin, devices, SECONDS / ROUNDS);
      http.requests += figures.requests;
      http.itemSaves += figures.itemSaves;
      http.superseded += figures.superseded;
      http.errors += figures.errors;
      http.firstError ??= figures.firstError;
      httpLatencies.push(...figures.latencies);
      // Before the raw statements overwrite them: this round's last typed values are what the database holds.
      const checked = await verifyLastTyped(db, lastTyped.values);
      verified += checked.verified;
      wrong += checked.wrong;
      wrongExamples.push(...checked.examples.slice(0, 5 - wrongExamples.length));
      typed += lastTyped.values.size;
      const rawRound = await rawUpserts(db, devices, staffIds, RAW_SECONDS / ROUNDS);
      raw.itemSaves += rawRound.itemSaves;
      raw.latencies.push(...rawRound.latencies);
    }
    const latencies = httpLatencies.sort((a, b) => a - b);
    console.log(
      `  HTTP autosave    ${http.requests.toLocaleString('en-US')} requests, ${http.itemSaves.toLocaleString('en-US')} item saves` +
        ` → ${rate(http.itemSaves, SECONDS)} item-saves, ${rate(http.requests, SECONDS)} requests;` +
        ` latency p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))};` +
        ` ${http.superseded.toLocaleString('en-US')} superseded by a later typed value; errors ${http.errors}`,
    );
    if (http.firstError) console.log(`  first error: ${http.firstError}`);
    console.log(
      `  verified         ${verified.toLocaleString('en-US')} of ${typed.toLocaleString('en-US')} items hold their last typed value` +
        (wrong > 0 ? ` — ${wrong} DO NOT` : ''),
    );
    for (const example of wrongExamples) console.log(`                   ${example}`);
    const rawLatencies = [...raw.latencies].sort((a, b) => a - b);
    console.log(
      `  raw upsert       the same batch statement on the Db, ${devices.length} at a time for ${RAW_SECONDS} s:` +
        ` ${rate(raw.itemSaves, RAW_SECONDS)} item-saves; statement p50 ${ms(percentile(rawLatencies, 50))},` +
        ` p99 ${ms(percentile(rawLatencies, 99))}`,
    );
    const httpRate = http.itemSaves / SECONDS;
    const rawRate = raw.itemSaves / RAW_SECONDS;
    console.log(
      `  end to end / raw ${(httpRate / rawRate).toFixed(2)} (target ≥ ${TARGET_RATIO}` +
        `${httpRate / rawRate >= TARGET_RATIO ? ', met' : ', NOT met'})`,
    );
    const profiled = devices[0];
    if (profiled && PROFILE_REQUESTS > 0) await profileSaves(origin, profiled, profile);
  } finally {
    await server.stop(true);
    // Its last counts are written before the database closes.
    await requestStats.stop();
  }
}

// PGlite in a directory, as `npm start` runs it (an in-memory PGlite would flatter it).
if (SKIP_PGLITE) {
  console.log('\nPGlite: skipped (BENCH_SKIP_PGLITE=1).');
} else {
  const pgliteDir = mkdtempSync(join(tmpdir(), 'parstock-bench-pglite-'));
  try {
    // As the server runs it: on a thread of its own (decision 054). BENCH_PGLITE_IN_SERVER_THREAD=1: in the
    // server's thread, as before.
    const inServerThread = process.env.BENCH_PGLITE_IN_SERVER_THREAD === '1';
    const db = inServerThread ? await openPglite(pgliteDir) : await openPgliteOnItsOwnThread(pgliteDir);
    try {
      await run(
        `PGlite (embedded, on disk, ${inServerThread ? "in the server's thread" : 'on its own thread'})`,
        db,
      );
    } finally {
      await db.close();
    }
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

if (SKIP_POSTGRES) {
  console.log('\nPostgreSQL: skipped (BENCH_SKIP_POSTGRES=1).');
} else {
  // A fresh database for the run, dropped afterwards, so the figures never depend on leftovers.
  const database = await createBenchDatabase(POSTGRES_URL).catch((error) => {
    console.log(
      `\nPostgreSQL at ${POSTGRES_URL} is not reachable (${error instanceof Error ? error.message : error}); skipped.`,
    );
    process.exit(0);
  });
  const db = openPostgres(database.url, { max: 10 });
  try {
    await run(`PostgreSQL (${new URL(database.url).host}, pool of 10)`, db);
  } finally {
    await db.close();
    await database.drop();
  }
}
