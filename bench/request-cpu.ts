import { migrate } from '@db/migrate.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import { addBenchProducts } from './support/bench-app.ts';
import { createBenchDatabase } from './support/bench-database.ts';
import { spawnProductionServer, waitForHealth } from './support/bench-server.ts';
import { cpuSeconds, postgresCpu, postgresCpuSince } from './support/process-cpu.ts';

/**
 * The server's own CPU for each request of a counting morning: one server process (`bun bff/src/main.ts`,
 * `NODE_ENV=production`) on a fresh PostgreSQL database with the demo chain, driven by BENCH_CONCURRENCY (4)
 * requests at a time of one kind for BENCH_SECONDS (4) each, after a warm-up: the autosave, the reads Count
 * Inventory opens with (its café's inventory mid-count, and the manager's other café as the demo left it). Prints, per kind, requests a second
 * and the CPU the server process and PostgreSQL's processes used (user + system, from /proc) per request. The CPU a request costs is what
 * decides how many devices two instances on two cores can answer (bench/two-instances.ts); unlike a latency it
 * hardly moves with what else the machine is doing. BENCH_ROUNDS (2) repeats the kinds in turn; BENCH_KINDS picks
 * some (`save,inventory`); BENCH_EXTRA_PRODUCTS (0) adds products to the demo's catalogue, for a large chain's
 * reads. Figures are printed, never asserted.
 */

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 4);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 2);
const WARM_UP_SECONDS = 1.5;
const EXTRA_PRODUCTS = Number(env.BENCH_EXTRA_PRODUCTS ?? 0);
const POSTGRES_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@localhost:55432/postgres';
const PORT = Number(env.BENCH_PORT ?? 22_000 + Math.floor(Math.random() * 1000));
/** Flags for the server's `bun`, e.g. `--cpu-prof-md --cpu-prof-dir=DIR` for a profile of it. */
const SERVER_FLAGS = env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
/** The Harbor Street Café, one of the manager's two cafés in the demo chain. */
const MANAGER = 'manager@parstock.test';

const micros = (value: number) => `${Math.round(value).toLocaleString('en-US').padStart(6)} µs`;

const database = await createBenchDatabase(POSTGRES_URL);
const databaseUrl = new URL(database.url);
const db = openPostgres(database.url, { max: 2 });
let server: ReturnType<typeof spawnProductionServer>['server'] | null = null;
try {
  await migrate(db);
  await seedDemo(db);
  if (EXTRA_PRODUCTS > 0) await addBenchProducts(db, EXTRA_PRODUCTS);
  await db.query('ANALYZE');
  // The manager's first café is counted during the run; the other is read as the demo left it, where most
  // products are at their defaults (the compact shape's smallest case, as at a count's first open).
  const [cafe, otherCafe] = await db.query<{ id: number }>(
    `SELECT ul.location_id AS id FROM user_locations ul JOIN users u ON u.id = ul.user_id
      WHERE u.email = $1 ORDER BY ul.location_id LIMIT 2`,
    [MANAGER],
  );
  const locationId = cafe?.id ?? 0;
  const spawned = spawnProductionServer({
    port: PORT,
    databaseUrl: databaseUrl.toString(),
    flags: SERVER_FLAGS,
  });
  server = spawned.server;
  const origin = spawned.origin;
  await waitForHealth(origin, Date.now() + 60_000);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: MANAGER, password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.match(/sid=[^;]+/)?.[0];
  if (!cookie) throw new Error(`Sign-in answered ${login.status}`);
  const inventory = (await (
    await fetch(`${origin}/api/inventory?locationId=${locationId}`, { headers: { cookie } })
  ).json()) as { items: { productId: number; lifecycle: string }[] };
  const productIds = inventory.items.filter((i) => i.lifecycle !== 'discontinued').map((i) => i.productId);
  let sessionId: number | null = null;

  const get = (path: string) => () => fetch(`${origin}${path}`, { headers: { cookie } });
  /** Five counts typed now, as an autosave sends them. */
  const save = async () => {
    const chosen = new Set<number>();
    while (chosen.size < 5) chosen.add(productIds[Math.floor(Math.random() * productIds.length)] ?? 0);
    const items = [...chosen].map((productId) => ({
      productId,
      count: Math.floor(Math.random() * 200) / 4,
      confirmed: Math.random() < 0.33,
      typedAt: new Date().toISOString(),
    }));
    const res = await fetch(`${origin}/api/count-sessions/items`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ locationId, sessionId, items }),
    });
    if (res.status === 200) {
      const body = (await res.clone().json()) as { countSession: { id: number } };
      sessionId = body.countSession.id;
    }
    return res;
  };
  const kinds: Record<string, () => Promise<Response>> = {
    save,
    inventory: get(`/api/inventory?locationId=${locationId}&shape=compact`),
    'inventory-other': get(`/api/inventory?locationId=${otherCafe?.id ?? 0}&shape=compact`),
    products: get('/api/products?shape=compact'),
    'category-order': get('/api/admin/category-order'),
    completion: get(`/api/count-completions/active/${locationId}`),
  };
  const chosen = env.BENCH_KINDS?.split(',') ?? Object.keys(kinds);
  const serverPid = server.pid;

  const runKind = async (make: () => Promise<Response>, seconds: number) => {
    let requests = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const res = await make();
          await res.arrayBuffer();
          // No active completion (404) is an answer the screen expects.
          if (res.status !== 200 && res.status !== 404) throw new Error(`answered ${res.status}`);
          requests++;
        }
      }),
    );
    return requests;
  };

  console.log(
    `\nOne server on PostgreSQL (${databaseUrl.host}), ${productIds.length} products, ${CONCURRENCY} requests at a time,` +
      ` ${SECONDS} s a kind, ${ROUNDS} rounds — the server's CPU per request (user + system)`,
  );
  // The café mid-count, as the reads of a counting morning find it: every kind is measured after the first saves.
  await runKind(save, WARM_UP_SECONDS);
  const figures = new Map<string, number[]>();
  const databaseFigures = new Map<string, number[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of chosen) {
      const make = kinds[kind];
      if (!make) throw new Error(`No kind ${kind}: one of ${Object.keys(kinds).join(', ')}`);
      // The first round warms the route up (compiled handlers, prepared statements) before it is measured.
      if (round === 1) await runKind(make, WARM_UP_SECONDS);
      const before = cpuSeconds(serverPid);
      const databaseBefore = postgresCpu();
      const started = performance.now();
      const requests = await runKind(make, SECONDS);
      const elapsed = (performance.now() - started) / 1000;
      const perRequest = ((cpuSeconds(serverPid) - before) * 1e6) / requests;
      const databasePerRequest = (postgresCpuSince(databaseBefore) * 1e6) / requests;
      figures.set(kind, [...(figures.get(kind) ?? []), perRequest]);
      databaseFigures.set(kind, [...(databaseFigures.get(kind) ?? []), databasePerRequest]);
      console.log(
        `  round ${round}  ${kind.padEnd(15)} ${Math.round(requests / elapsed)
          .toLocaleString('en-US')
          .padStart(6)}/s   server ${micros(perRequest)}, PostgreSQL ${micros(databasePerRequest)} a request`,
      );
    }
  }
  console.log(
    '  per request, lowest of the rounds: the server / PostgreSQL (every backend, its writer and flusher)',
  );
  for (const [kind, values] of figures)
    console.log(
      `    ${kind.padEnd(15)} ${micros(Math.min(...values))} / ${micros(Math.min(...(databaseFigures.get(kind) ?? [])))}`,
    );
} finally {
  server?.kill();
  await server?.exited;
  await db.close();
  await database.drop();
}
