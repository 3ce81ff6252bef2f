import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { freePort, type PrivatePostgres, startPrivatePostgres } from '@db/testing/private-postgres.ts';
import type { Subprocess } from 'bun';
import { buildFixture, type Fixture, sessionCookieFor } from '../fixtures.ts';

/**
 * The server on a real PostgreSQL that goes away under autosave load: every backend terminated, then the
 * server stopped and started again. The server process must live through it, answer 503
 * `database_unavailable` with Retry-After meanwhile, reconnect by itself, and keep every save it
 * acknowledged. Runs in the PostgreSQL suite only (it needs the server binaries to run a private cluster).
 */

const ROOT = join(import.meta.dir, '..', '..', '..');

interface Ack {
  productId: number;
  count: number;
  typedAt: string;
}

let pg: PrivatePostgres;
let db: Db;
let fx: Fixture;
let server: Subprocess;
let base: string;
let cookie: string;

/** The server's stderr, kept so that a failure can say why the server stopped or stayed unhealthy. */
let serverOutput = '';
async function collectServerOutput(stream: ReadableStream<Uint8Array>): Promise<void> {
  const decoder = new TextDecoder();
  for await (const chunk of stream) serverOutput = (serverOutput + decoder.decode(chunk)).slice(-20_000);
}
/** What the database's sessions are doing, for a failure message: a stuck pool shows here. */
const databaseSessions = () =>
  db
    .query<{ state: string; wait: string; query: string; xact: string }>(
      `SELECT state, coalesce(wait_event_type || ':' || wait_event, '') AS wait, left(query, 80) AS query,
              coalesce((now() - xact_start)::text, '') AS xact
         FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    )
    .then((rows) => JSON.stringify(rows, null, 1))
    .catch((error: unknown) => `(not readable: ${String(error)})`);
const lastServerLines = () => serverOutput.trim().split('\n').slice(-40).join('\n');

async function waitForHealth(timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let status = 0;
  while (Date.now() < deadline) {
    status = await fetch(`${base}/api/health`)
      .then((res) => res.status)
      .catch(() => 0);
    if (status === 200) return status;
    await Bun.sleep(200);
  }
  return status;
}

beforeAll(async () => {
  pg = await startPrivatePostgres();
  db = openPostgres(pg.url, { max: 2 });
  await migrate(db);
  fx = await buildFixture(db);
  cookie = await sessionCookieFor(db, fx.users.cafeManager.id);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = Bun.spawn([process.execPath, join(ROOT, 'bff/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: pg.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      WEB_DIST_DIR: '/nonexistent/parstock-web-dist',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  void collectServerOutput(server.stderr as ReadableStream<Uint8Array>);
  expect(await waitForHealth(20_000)).toBe(200);
}, 60_000);

afterAll(async () => {
  server?.kill();
  await db?.close().catch(() => undefined);
  await pg?.destroy();
});

describe('the database goes away under autosave', () => {
  test('the server lives, answers 503 meanwhile, reconnects, and keeps every acknowledged save', async () => {
    const locationId = fx.locations.own.id;
    const products = [fx.products.beans, fx.products.milk, fx.products.cups, fx.products.syrup];
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const started = await post('/api/count-sessions/start', { locationId });
    expect(started.status).toBe(201);
    const sessionId = ((await started.json()) as { countSession: { id: number } }).countSession.id;

    const acks: Ack[] = [];
    const refusals: { status: number; code: string; retryAfter: string | null }[] = [];
    let acksAfterRestart = 0;
    let restarted = false;
    let running = true;
    let sequence = 0;
    const worker = async () => {
      while (running) {
        sequence += 1;
        const edit = {
          productId: products[sequence % products.length] as number,
          count: sequence,
          typedAt: new Date().toISOString(),
        };
        try {
          const res = await post('/api/count-sessions/items', {
            locationId,
            sessionId,
            items: [{ ...edit, confirmed: false }],
          });
          if (res.status === 200) {
            acks.push(edit);
            if (restarted) acksAfterRestart += 1;
          } else {
            const body = (await res.json()) as { code: string };
            refusals.push({
              status: res.status,
              code: body.code,
              retryAfter: res.headers.get('retry-after'),
            });
            await Bun.sleep(50);
          }
        } catch {
          // The server is the thing under test: a refused connection is recorded by the exit check below.
          await Bun.sleep(50);
        }
      }
    };
    const workers = Array.from({ length: 10 }, worker);

    await Bun.sleep(1000);
    // Several rounds: the driver's crash needed a backend to die while a transaction was between statements.
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      terminated += await pg.terminateBackends();
      await Bun.sleep(300);
    }
    expect(terminated).toBeGreaterThan(0);
    await Bun.sleep(500);
    await pg.stop();
    await Bun.sleep(2000);
    const whileDown = await fetch(`${base}/api/health`).catch((error: unknown) => {
      throw new Error(
        `the server stopped answering (exit code ${server.exitCode}); its last output:\n${lastServerLines()}`,
        { cause: error },
      );
    });
    await pg.start();
    restarted = true;
    const healthAfterRestart = await waitForHealth(30_000);
    expect(
      healthAfterRestart,
      healthAfterRestart === 200
        ? ''
        : `health after the restart; the database's sessions:\n${await databaseSessions()}\nthe server's last output:\n${lastServerLines()}`,
    ).toBe(200);
    // Saves are answered again once the server has replaced the connections the restart broke. How soon depends on
    // the machine's load, not on the server: the devices keep saving until one is acknowledged, for up to 30 s (the
    // check below fails if none is), then one second more, whose saves the rows below must hold too.
    const acknowledgedBy = Date.now() + 30_000;
    while (acksAfterRestart === 0 && Date.now() < acknowledgedBy) await Bun.sleep(100);
    await Bun.sleep(1000);
    running = false;
    await Promise.all(workers);

    expect(server.exitCode).toBeNull();
    expect(whileDown.status).toBe(503);
    const unavailable = refusals.filter((r) => r.code === 'database_unavailable');
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.every((r) => r.status === 503 && r.retryAfter !== null)).toBe(true);
    // Nothing but the outage refused a save: no 500 and no other code.
    expect(refusals.filter((r) => r.code !== 'database_unavailable')).toEqual([]);
    expect(
      acksAfterRestart,
      acksAfterRestart > 0
        ? ''
        : `no save answered after the restart; refusals ${JSON.stringify(refusals.slice(-5))}; the database's sessions:\n${await databaseSessions()}\nthe server's last output:\n${lastServerLines()}`,
    ).toBeGreaterThan(0);

    const stored = await db.query<{ product_id: number; count: number; typed_at: Date }>(
      'SELECT product_id, count, typed_at FROM count_items WHERE session_id = $1',
      [sessionId],
    );
    const storedBy = new Map(stored.map((row) => [row.product_id, row]));
    // Last typed wins: each product holds its latest acknowledged value, or a later one whose answer was lost.
    for (const productId of products) {
      const latest = acks
        .filter((a) => a.productId === productId)
        .reduce<Ack | undefined>((max, a) => (!max || a.typedAt > max.typedAt ? a : max), undefined);
      if (!latest) continue;
      const row = storedBy.get(productId);
      expect(row).toBeDefined();
      const storedAt = new Date(row?.typed_at ?? 0).getTime();
      expect(storedAt).toBeGreaterThanOrEqual(new Date(latest.typedAt).getTime());
      if (storedAt === new Date(latest.typedAt).getTime()) expect(row?.count).toBe(latest.count);
    }
  }, 90_000);
});
