import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBenchDatabase } from './support/bench-database.ts';
import { spawnProductionServer, waitForHealth } from './support/bench-server.ts';

/**
 * Oversized anonymous request bodies against a real server process. Starts `bff/src/main.ts` (or
 * BENCH_SERVER_ENTRY, e.g. an older checkout's) as its own process on a fresh PostgreSQL database, then sends
 * three anonymous 120 MB JSON bodies at once to a JSON write route — once with Content-Length, once chunked
 * (no length) — while it asks GET /api/health every 20 ms. Prints the server's resident-set peak (sampled
 * from /proc every 5 ms), the status of each big request and the health-check latency meanwhile. Figures
 * are printed, never asserted: they depend on the machine. See bench/README.md.
 */

const env = process.env;
const BODY_MB = Number(env.BENCH_BODY_MB ?? 120);
const BODIES = Number(env.BENCH_BODIES ?? 3);
const POSTGRES_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@localhost:55432/postgres';
const ENTRY = env.BENCH_SERVER_ENTRY ?? join(import.meta.dir, '..', 'bff', 'src', 'main.ts');
const PORT = Number(env.BENCH_PORT ?? 19_000 + Math.floor(Math.random() * 1000));
const BASE = `http://127.0.0.1:${PORT}`;
const ROUTE = '/api/count-sessions/items';
const CHUNK = 1024 * 1024;

function rssMb(pid: number): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

// A valid autosave batch blown up to size: parsing it builds millions of objects, as an attacker's would.
const ITEM = '{"productId":1,"count":1.25,"confirmed":false,"typedAt":"2025-03-01T14:05:00.000Z"},';
const PREFIX = new TextEncoder().encode('{"locationId":1,"sessionId":null,"items":[');
const SUFFIX = new TextEncoder().encode(`${ITEM.slice(0, -1)}]}`);
const ITEMS_CHUNK = new TextEncoder().encode(ITEM.repeat(Math.floor(CHUNK / ITEM.length)));

/** The whole body in memory (sent with Content-Length). */
function sizedBody(mb: number): Uint8Array {
  const body = new Uint8Array(PREFIX.length + mb * ITEMS_CHUNK.length + SUFFIX.length);
  body.set(PREFIX, 0);
  for (let i = 0; i < mb; i++) body.set(ITEMS_CHUNK, PREFIX.length + i * ITEMS_CHUNK.length);
  body.set(SUFFIX, PREFIX.length + mb * ITEMS_CHUNK.length);
  return body;
}

/** The same body produced a megabyte at a time as the server pulls it (sent chunked, without a length). */
function chunkedBody(mb: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(PREFIX);
      if (sent >= mb) {
        controller.enqueue(SUFFIX);
        controller.close();
        return;
      }
      sent += 1;
      controller.enqueue(ITEMS_CHUNK);
    },
  });
}

interface BigResult {
  status: number | string;
  ms: number;
}

async function sendBig(kind: 'sized' | 'chunked', sized: Uint8Array): Promise<BigResult> {
  const started = performance.now();
  try {
    // `duplex: 'half'` is the Fetch standard's way to stream a request body.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { origin: BASE, 'content-type': 'application/json' },
      body: (kind === 'sized' ? sized : chunkedBody(BODY_MB)) as BodyInit,
      duplex: 'half',
    };
    const response = await fetch(`${BASE}${ROUTE}`, init);
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return { status: `connection closed (${message.slice(0, 60)})`, ms: performance.now() - started };
  }
}

/** Asks the health route every 20 ms until SIGTERM, then prints every latency as JSON. */
const HEALTH_POLLER = `
const url = process.argv.at(-1);
const latencies = [];
let failures = 0;
let running = true;
process.on('SIGTERM', () => { running = false; });
while (running) {
  const started = performance.now();
  try { if (!(await fetch(url)).ok) failures += 1; } catch { failures += 1; }
  latencies.push(performance.now() - started);
  await Bun.sleep(20);
}
console.log(JSON.stringify({ latencies, failures }));
`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function scenario(pid: number, kind: 'sized' | 'chunked', sized: Uint8Array): Promise<void> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 5);

  // The health checks come from a process of their own, so the bench's own uploading does not delay them.
  const poller = Bun.spawn([process.execPath, '-e', HEALTH_POLLER, `${BASE}/api/health`], { stdout: 'pipe' });
  await Bun.sleep(300);

  const started = performance.now();
  const results = await Promise.all(Array.from({ length: BODIES }, () => sendBig(kind, sized)));
  const elapsed = performance.now() - started;
  // A little longer, to see memory settle or not.
  await Bun.sleep(500);
  poller.kill('SIGTERM');
  const { latencies, failures: healthFailures } = JSON.parse(await new Response(poller.stdout).text()) as {
    latencies: number[];
    failures: number;
  };
  clearInterval(sampler);

  console.log(
    `\n${BODIES} anonymous ${BODY_MB} MB bodies, ${kind === 'sized' ? 'with Content-Length' : 'chunked'}:`,
  );
  console.log(
    `  answers:            ${results.map((r) => `${r.status} in ${r.ms.toFixed(0)} ms`).join('; ')}`,
  );
  console.log(`  all answered in:    ${elapsed.toFixed(0)} ms`);
  console.log(`  server RSS:         ${before.toFixed(0)} MB before → ${peak.toFixed(0)} MB peak`);
  console.log(
    `  health meanwhile:   ${latencies.length} checks, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms, ` +
      `${healthFailures} failed`,
  );
}

const database = await createBenchDatabase(POSTGRES_URL);
const { server } = spawnProductionServer({ port: PORT, databaseUrl: database.url, entry: ENTRY });

try {
  await waitForHealth(BASE, Date.now() + 60_000);
  console.log(`Server ${ENTRY} (pid ${server.pid}) on ${BASE}; POST ${ROUTE}, no session`);
  const sized = sizedBody(BODY_MB);
  await scenario(server.pid, 'sized', sized);
  await scenario(server.pid, 'chunked', sized);
} finally {
  server.kill();
  await server.exited;
  await database.drop();
}
