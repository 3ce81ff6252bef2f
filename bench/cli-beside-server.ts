import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { socketPathFor } from '@db/pglite-socket.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { addParFileChain, parFile } from './support/par-file-chain.ts';

/**
 * `bun run bench/cli-beside-server.ts`: how long the server's requests wait while a `parstock` command runs
 * through its socket (decision 018). Starts the real server on a fresh embedded database with the demo chain,
 * adds cafés so a PAR file can have 2,000 rows, then keeps one client busy — GET /api/health and a count
 * autosave, one after the other — while `parstock` commands run beside it, and prints the request latency per
 * phase. Figures only: nothing here passes or fails on speed.
 */

const ROOT = resolve(import.meta.dir, '..');
const BUN = join(ROOT, 'node_modules/.bin/bun');
const dir = mkdtempSync(join(tmpdir(), 'parstock-bench-cli-'));
const env = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  DATABASE_URL: '',
  HOST: '127.0.0.1',
  PORT: '0',
  CI: 'true',
  WEB_DIST_DIR: join(dir, 'no-web-app'),
};
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const BENCH_CAFES = 10;
const BENCH_PRODUCTS = 200;

async function startServer(): Promise<{ origin: string; child: Bun.Subprocess }> {
  const child = Bun.spawn([BUN, join(ROOT, 'bff/src/main.ts')], {
    cwd: ROOT,
    env,
    stdout: 'pipe',
    stderr: 'pipe',
  });
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

async function parstock(...args: string[]): Promise<{ ms: number; exitCode: number; stderr: string }> {
  const started = performance.now();
  const child = Bun.spawn([BUN, join(ROOT, 'cli/src/main.ts'), ...args], {
    cwd: ROOT,
    env,
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const stderr = await new Response(child.stderr).text();
  const exitCode = await child.exited;
  return { ms: performance.now() - started, exitCode, stderr };
}

interface Sample {
  kind: 'health' | 'autosave';
  ms: number;
  status: number;
}

const { origin, child: server } = await startServer();
try {
  // Setup through the same socket the commands use: cafés and products for a 2,000-row PAR file.
  const db = openPostgres('postgres://postgres@localhost/postgres', {
    max: 1,
    path: socketPathFor(join(dir, 'data', 'pglite')),
  });
  await addParFileChain(db, BENCH_CAFES, BENCH_PRODUCTS);
  const [manager] = await db.query<{ locationId: number }>(
    `SELECT ul.location_id AS "locationId" FROM users u JOIN user_locations ul ON ul.user_id = u.id
      WHERE u.email = 'manager@parstock.test' LIMIT 1`,
  );
  const products = await db.query<{ productId: number }>(
    `SELECT product_id AS "productId" FROM location_products WHERE location_id = $1 ORDER BY product_id LIMIT 20`,
    [manager?.locationId ?? 0],
  );
  await db.close();
  const csvPath = join(dir, 'pars.csv');
  writeFileSync(csvPath, parFile(BENCH_CAFES, BENCH_PRODUCTS));

  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'manager@parstock.test', password: 'parstock-demo' }),
  });
  const cookie = login.headers.get('set-cookie')?.match(/sid=[^;]+/)?.[0];
  if (login.status !== 200 || !cookie) throw new Error(`Sign-in answered ${login.status}`);

  let samples: Sample[] = [];
  let running = true;
  let sessionId: number | null = null;
  const timed = async (kind: Sample['kind'], request: () => Promise<Response>) => {
    const started = performance.now();
    const res = await request();
    const body = await res.text();
    samples.push({ kind, ms: performance.now() - started, status: res.status });
    return { res, body };
  };
  const hammer = (async () => {
    let n = 0;
    while (running) {
      await timed('health', () => fetch(`${origin}/api/health`));
      const productId = products[n++ % products.length]?.productId ?? 0;
      const { res, body } = await timed('autosave', () =>
        fetch(`${origin}/api/count-sessions/items`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, cookie },
          body: JSON.stringify({
            locationId: manager?.locationId,
            sessionId,
            items: [{ productId, count: n % 40, confirmed: false, typedAt: new Date().toISOString() }],
          }),
        }),
      );
      if (res.status === 200) sessionId = JSON.parse(body).countSession.id;
    }
  })();

  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  const report = (phase: string, extra = '') => {
    for (const kind of ['health', 'autosave'] as const) {
      const mine = samples.filter((s) => s.kind === kind);
      const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
      const failed = mine.filter((s) => s.status !== 200).length;
      console.log(
        `${phase.padEnd(34)} ${kind.padEnd(8)} n=${String(ms.length).padStart(4)} p50=${pct(ms, 0.5).toFixed(1)}ms ` +
          `p95=${pct(ms, 0.95).toFixed(1)}ms max=${(ms.at(-1) ?? 0).toFixed(1)}ms non-200=${failed} ${extra}`,
      );
    }
    samples = [];
  };
  const phase = async (name: string, args: string[]) => {
    samples = [];
    const result = await parstock(...args);
    if (result.exitCode !== 0) throw new Error(`parstock ${args.join(' ')} failed: ${result.stderr}`);
    report(name, `(command ${result.ms.toFixed(0)} ms)`);
  };

  await Bun.sleep(IDLE_MS);
  report('idle (no command)');
  await phase('counts export --all', ['counts', 'export', '--all', '--out', join(dir, 'counts.csv')]);
  await phase('pars import --dry-run (2,000 rows)', ['pars', 'import', csvPath, '--dry-run']);
  await phase('pars import (2,000 rows)', ['pars', 'import', csvPath]);
  await phase('report nightly', ['report', 'nightly', '--out', join(dir, 'nightly.md')]);
  await phase('users list', ['users', 'list']);
  await Bun.sleep(IDLE_MS);
  report('idle again');
  running = false;
  await hammer;
} finally {
  server.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
