import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { AppError } from '@engine/errors/app-error.ts';
import type { Db } from './client.ts';
import { openPostgres } from './postgres-client.ts';

/*
 * A pool whose connections lead nowhere: the database ended their sessions, but the sockets stay open on the
 * server process's side, as behind a network partition, a failover or a proxy. A stand-in TCP proxy between
 * the pool and the real PostgreSQL of TEST_DATABASE_URL "cuts" its connections: it closes the database's side
 * and swallows whatever the pool sends on them from then on, while new connections pass as before. Without
 * the watchdog a query sent on a cut connection waits for ever. Runs in the PostgreSQL suite only.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for this test.');
const target = new URL(serverUrl);

interface Pair {
  client: Socket;
  upstream: Socket;
}

let proxy: Server;
let proxyPort = 0;
const pairs = new Set<Pair>();
const clients = new Set<Socket>();
const opened: Db[] = [];

function cutEveryConnection(): void {
  for (const pair of pairs) {
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    pair.upstream.destroy();
    // Read and drop: the pool's socket stays open and its writes succeed, but nothing ever answers.
    pair.client.on('data', () => {});
  }
  pairs.clear();
}

beforeAll(async () => {
  proxy = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream };
    clients.add(client);
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const forget = () => pairs.delete(pair);
    client.on('error', forget);
    upstream.on('error', forget);
    client.on('close', () => {
      forget();
      clients.delete(client);
      upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as { port: number }).port;
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close().catch(() => {})));
  cutEveryConnection();
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

const viaProxy = () => {
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxyPort);
  return url.toString();
};

function openWatched(): Db {
  const db = openPostgres(viaProxy(), { max: 2, watch: { stallMs: 1_000, everyMs: 200 } });
  opened.push(db);
  return db;
}

/** Where a query stands after `ms`: answered, refused with an error code, or still waiting. */
async function outcomeWithin(work: Promise<unknown>, ms: number): Promise<string> {
  const settled = work.then(
    () => 'answered',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
  return Promise.race([settled, Bun.sleep(ms).then(() => 'still waiting')]);
}

test('a query sent on a connection the database no longer has fails as unavailable, and the next one is answered', async () => {
  const db = openWatched();
  expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  cutEveryConnection();

  const stuck = db.query('SELECT 2 AS two');
  expect(await outcomeWithin(stuck, 10_000)).toBe('database_unavailable');
  expect(await db.query<{ three: number }>('SELECT 3 AS three')).toEqual([{ three: 3 }]);
}, 20_000);

test('a slow statement keeps its session busy and is never cut short', async () => {
  const db = openWatched();
  const slow = db.query<{ five: number }>('SELECT 5 AS five FROM pg_sleep(4)');
  expect(await outcomeWithin(slow, 8_000)).toBe('answered');
  expect(await slow).toEqual([{ five: 5 }]);
}, 15_000);

test('a transaction waiting between statements counts as busy too', async () => {
  const db = openWatched();
  const result = await db.transaction(async (tx) => {
    await tx.query('SELECT 1');
    await Bun.sleep(4_000);
    return tx.query<{ four: number }>('SELECT 4 AS four');
  });
  expect(result).toEqual([{ four: 4 }]);
}, 15_000);
