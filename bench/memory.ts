import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { socketPathFor } from '@db/pglite-socket.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { addParFileChain, parFile } from './support/par-file-chain.ts';

/**
 * `bun bench/memory.ts`: the server's resident memory on the embedded database (issue 17, point 6). Starts the
 * real server (`bff/src/main.ts`, its own process) on a fresh data folder — the first start creates the
 * cluster and seeds the demo chain — and reads its RSS from /proc: idle after the first start, idle after a
 * restart, during `BENCH_SECONDS` of count autosave from `BENCH_CLIENTS` clients and 5 s and 35 s after it (the
 * server gives a busy spell's growth back after 30 s of quiet, decision 044), and during and
 * after a `parstock pars import` of `BENCH_CAFES` × `BENCH_PRODUCTS` rows run beside it (through the server's
 * socket, decision 018), and during and after a backup the server takes when `parstock db backup` asks (decision
 * 128). Figures are printed beside the target, never asserted. See bench/README.md.
 */

const ROOT = process.env.BENCH_ROOT ?? resolve(import.meta.dir, '..');
const BUN = process.execPath;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 12);
const CAFES = Number(process.env.BENCH_CAFES ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
/** Past the server's half minute of quiet after which it reopens a grown embedded database (decision 044). */
const GIVE_BACK_WAIT_MS = 35_000;
const TARGET_IDLE_MB = 200;
// e.g. `--smol`, to compare Bun's flags; the server otherwise starts as `npm start` starts it.
const BUN_FLAGS = (process.env.BENCH_BUN_FLAGS ?? '').split(' ').filter(Boolean);

const dir = mkdtempSync(join(tmpdir(), 'parstock-bench-memory-'));
const env = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  DATABASE_URL: '',
  HOST: '127.0.0.1',
  PORT: '0',
  CI: 'true',
  NODE_ENV: 'production',
  WEB_DIST_DIR: join(dir, 'no-web-app'),
};

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** The highest RSS seen every 20 ms while `work` runs. */
async function peakDuring(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = memoryOf(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, memoryOf(pid).rss);
}

/** The highest resident set any child process of `pid` reached while it was sampled (the first start's child). */
let childPeakMb = 0;
function sampleChildren(pid: number): void {
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)) {
      childPeakMb = Math.max(childPeakMb, memoryOf(Number(child)).peak);
    }
  } catch {
    // The process or its child has just ended.
  }
}

async function startServer(): Promise<{ origin: string; child: Bun.Subprocess }> {
  const child = Bun.spawn([BUN, ...BUN_FLAGS, join(ROOT, 'bff/src/main.ts')], {
    stdin: 'ignore',
    cwd: ROOT,
    env,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const sampler = setInterval(() => sampleChildren(child.pid), 50);
  try {
    return await listeningOf(child);
  } finally {
    clearInterval(sampler);
  }
}

async function listeningOf(
  child: Bun.Subprocess<'ignore', 'pipe', 'pipe'>,
): Promise<{ origin: string; child: Bun.Subprocess }> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of child.stdout as ReadableStream<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(text)?.[1];
    if (port) return { origin: `http://127.0.0.1:${port}`, child };
  }
  throw new Error(
    `The server stopped before listening:\n${text}\n${await new Response(child.stderr).text()}`,
  );
}

async function stopServer(child: Bun.Subprocess): Promise<void> {
  child.kill('SIGTERM');
  await child.exited;
}

const line = (label: string, mb: number, target?: number) =>
  console.log(
    `  ${label.padEnd(44)} ${String(mb).padStart(5)} MB` +
      (target === undefined ? '' : `   (target < ${target} MB: ${mb < target ? 'met' : 'NOT met'})`),
  );

async function autosave(origin: string): Promise<{ saves: number; errors: number }> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'manager@parstock.test', password: 'parstock-demo' }),
  });
  const cookie = login.headers.get('set-cookie')?.match(/sid=[^;]+/)?.[0];
  if (login.status !== 200 || !cookie) throw new Error(`Sign-in answered ${login.status}`);
  const locations = (await (await fetch(`${origin}/api/user/locations`, { headers: { cookie } })).json()) as {
    id: number;
  }[];
  const locationId = locations[0]?.id ?? 0;
  const inventory = (await (
    await fetch(`${origin}/api/inventory?locationId=${locationId}`, { headers: { cookie } })
  ).json()) as { items: { productId: number; lifecycle: string }[] };
  const productIds = inventory.items.filter((i) => i.lifecycle !== 'discontinued').map((i) => i.productId);
  let saves = 0;
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < end) {
        const items = Array.from({ length: 10 }, (_, k) => ({
          productId: productIds[(saves * 10 + k + client * 7) % productIds.length] ?? 0,
          count: Math.floor(Math.random() * 80) / 4,
          confirmed: false,
          typedAt: new Date().toISOString(),
        }));
        const unique = [...new Map(items.map((item) => [item.productId, item])).values()];
        const res = await fetch(`${origin}/api/count-sessions/items`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, cookie },
          body: JSON.stringify({ locationId, sessionId: null, items: unique }),
        });
        await res.arrayBuffer();
        if (res.status === 200) saves++;
        else errors++;
      }
    }),
  );
  return { saves, errors };
}

try {
  console.log(`Embedded database (PGlite) in ${dir}; the server is bff/src/main.ts, NODE_ENV=production`);
  let started = performance.now();
  let { origin, child } = await startServer();
  const firstStartSeconds = (performance.now() - started) / 1000;
  await Bun.sleep(IDLE_MS);
  const first = memoryOf(child.pid);
  line(`first start (cluster + demo seed, ${firstStartSeconds.toFixed(1)} s): peak`, first.peak);
  if (childPeakMb > 0) line('  its child process (cluster, migrations, seed): peak', childPeakMb);
  line('idle after the first start', first.rss, TARGET_IDLE_MB);
  await stopServer(child);

  started = performance.now();
  ({ origin, child } = await startServer());
  await Bun.sleep(IDLE_MS);
  line(
    `idle after a restart (${((performance.now() - started) / 1000 - IDLE_MS / 1000).toFixed(1)} s to listen)`,
    memoryOf(child.pid).rss,
    TARGET_IDLE_MB,
  );

  let figures = { saves: 0, errors: 0 };
  const autosavePeak = await peakDuring(child.pid, async () => {
    figures = await autosave(origin);
  });
  line(
    `autosave, ${CLIENTS} clients for ${SECONDS} s (${figures.saves} saves, ${figures.errors} errors): peak`,
    autosavePeak,
  );
  await Bun.sleep(IDLE_MS);
  line(`idle ${IDLE_MS / 1000} s after the autosave`, memoryOf(child.pid).rss, TARGET_IDLE_MB);
  // The server gives back what a busy spell grew the embedded database to after half a minute of quiet.
  await Bun.sleep(GIVE_BACK_WAIT_MS - IDLE_MS);
  line(`idle ${GIVE_BACK_WAIT_MS / 1000} s after the autosave`, memoryOf(child.pid).rss, TARGET_IDLE_MB);

  // Cafés and products for the PAR file, through the socket `parstock` commands use.
  const db = openPostgres('postgres://postgres@localhost/postgres', {
    max: 1,
    path: socketPathFor(join(dir, 'data', 'pglite')),
  });
  await addParFileChain(db, CAFES, PRODUCTS);
  await db.close();
  const csvPath = join(dir, 'pars.csv');
  writeFileSync(csvPath, parFile(CAFES, PRODUCTS));
  let importExit = 0;
  const importPeak = await peakDuring(child.pid, async () => {
    const cli = Bun.spawn([BUN, join(ROOT, 'cli/src/main.ts'), 'pars', 'import', csvPath], {
      cwd: ROOT,
      env,
      stdout: 'ignore',
      stderr: 'pipe',
    });
    importExit = await cli.exited;
  });
  line(
    `pars import of ${(CAFES * PRODUCTS).toLocaleString('en-US')} rows beside it (exit ${importExit}): peak`,
    importPeak,
  );
  await Bun.sleep(IDLE_MS);
  line('idle after the import', memoryOf(child.pid).rss, TARGET_IDLE_MB);

  // A backup (decision 128): the server dumps the database on its thread, asked as `parstock db backup` asks.
  let backupExit = 0;
  const backupStarted = performance.now();
  const backupPeak = await peakDuring(child.pid, async () => {
    const cli = Bun.spawn([BUN, join(ROOT, 'cli/src/main.ts'), 'db', 'backup'], {
      cwd: ROOT,
      env,
      stdout: 'ignore',
      stderr: 'pipe',
    });
    backupExit = await cli.exited;
  });
  line(
    `a backup (exit ${backupExit}, ${((performance.now() - backupStarted) / 1000).toFixed(1)} s): peak`,
    backupPeak,
  );
  await Bun.sleep(IDLE_MS);
  line(`idle ${IDLE_MS / 1000} s after the backup`, memoryOf(child.pid).rss, TARGET_IDLE_MB);
  await Bun.sleep(GIVE_BACK_WAIT_MS - IDLE_MS);
  line(`idle ${GIVE_BACK_WAIT_MS / 1000} s after the backup`, memoryOf(child.pid).rss, TARGET_IDLE_MB);
  await stopServer(child);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
