import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Db, reopenPglite } from './client.ts';
import { livePglite, openPglite, pgliteBehind } from './pglite-client.ts';
import { type PgliteSocket, servePgliteSocket, socketPathFor } from './pglite-socket.ts';
import { openPostgres } from './postgres-client.ts';

// The server's own queries and a command's connection on one PGlite: whose turn it is decides what each sees.
const root = mkdtempSync(join(tmpdir(), 'parstock-pglite-socket-'));
const dataDir = join(root, 'data', 'pglite');
let db: Db;
let socket: PgliteSocket;
let client: Db;

beforeAll(async () => {
  db = await openPglite(dataDir);
  await db.exec('CREATE TABLE t (n int)');
  const pg = pgliteBehind(db);
  if (!pg) throw new Error('openPglite gave no PGlite instance');
  socket = await servePgliteSocket(pg, dataDir);
  client = openPostgres('postgres://postgres@localhost/postgres', { max: 1, path: socket.path });
});

afterAll(async () => {
  await client.close();
  await socket.stop();
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

const rows = async () => (await db.query<{ n: number }>('SELECT n FROM t ORDER BY n')).map((r) => r.n);

/** Startup, then simple queries, on a raw connection that can be dropped mid-transaction like a killed process. */
async function rawConnectionInTransaction(sql: string): Promise<() => void> {
  const connection = createConnection(socket.path);
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length, 0);
  startup.writeInt32BE(196608, 4);
  const query = Buffer.from(`Q\0\0\0\0${sql}\0`);
  query.writeInt32BE(query.length - 1, 1);
  let received = Buffer.alloc(0);
  // ReadyForQuery with status T: the statements ran and the connection is inside a transaction block.
  const inTransaction = Buffer.from('Z\0\0\0\x05T');
  await new Promise<void>((ready, failed) => {
    connection.on('error', failed);
    connection.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.includes(inTransaction)) ready();
    });
    connection.write(Buffer.concat([startup, params, query]));
  });
  return () => connection.destroy();
}

describe('the embedded database on a socket', () => {
  test('the socket is private: mode 0600 in a 0700 folder beside the PGlite folder', () => {
    expect(socket.path).toBe(socketPathFor(dataDir));
    expect(socket.path).toBe(`${dataDir}.socket/.s.PGSQL.5432`);
    expect(lstatSync(socket.path).isSocket()).toBe(true);
    expect(statSync(socket.path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(socket.path)).mode & 0o777).toBe(0o700);
  });

  test('queries and transactions work through it', async () => {
    expect(await client.query('SELECT $1::int + 1 AS two', [1])).toEqual([{ two: 2 }]);
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      await tx.query('INSERT INTO t VALUES (2)');
    });
    expect(await rows()).toEqual([1, 2]);
    await db.exec('DELETE FROM t');
  });

  test("a server write sent during a command's transaction waits for it and survives its rollback", async () => {
    let serverWrite: Promise<unknown> | undefined;
    const seenInside = await client
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        serverWrite = db.query('INSERT INTO t VALUES (100)');
        // A round trip of the command's connection: the server's write had every chance to run meanwhile.
        const inside = await tx.query<{ n: number }>('SELECT n FROM t ORDER BY n');
        throw Object.assign(new Error('the command fails'), { inside: inside.map((r) => r.n) });
      })
      .catch((error: { inside?: number[] }) => error.inside);
    await serverWrite;
    expect(seenInside).toEqual([1]);
    expect(await rows()).toEqual([100]);
    await db.exec('DELETE FROM t');
  });

  test('a command that dies inside a transaction is rolled back and gives the server its turn back', async () => {
    const drop = await rawConnectionInTransaction('BEGIN; INSERT INTO t VALUES (7)');
    const serverRead = db.query<{ n: number }>('SELECT n FROM t');
    drop();
    expect(await serverRead).toEqual([]);
    expect(pgliteBehind(db)?.isInTransaction()).toBe(false);
    // The connection pool of the well-behaved client still works afterwards.
    expect(await client.query('SELECT count(*)::int AS c FROM t')).toEqual([{ c: 0 }]);
  });
});

describe('starting and stopping', () => {
  test('stop removes the socket; a symlink planted at its name is replaced, never followed', async () => {
    // Only the path comes from the folder: the same PGlite instance serves, under another name.
    const otherDir = join(root, 'other', 'pglite');
    const pg = pgliteBehind(db);
    if (!pg) throw new Error('no PGlite instance');
    const first = await servePgliteSocket(pg, otherDir);
    await first.stop();
    expect(existsSync(dirname(first.path))).toBe(false);
    mkdirSync(dirname(first.path), { mode: 0o700 });
    const target = join(root, 'keep-me');
    writeFileSync(target, 'not a socket');
    symlinkSync(target, first.path);
    const second = await servePgliteSocket(pg, otherDir);
    expect(lstatSync(second.path).isSocket()).toBe(true);
    expect(existsSync(target)).toBe(true);
    await second.stop();
    expect(existsSync(dirname(second.path))).toBe(false);
  });
});

describe('giving memory back after commands (decision 044)', () => {
  test('the server hears when the last command has gone, and later commands reach the reopened database', async () => {
    const ownDir = join(root, 'give-back', 'pglite');
    const own = await openPglite(ownDir);
    let allClosed = 0;
    let heard: () => void = () => {};
    const served = await servePgliteSocket(
      async () => (await livePglite(own)) as NonNullable<Awaited<ReturnType<typeof livePglite>>>,
      ownDir,
      {
        onAllClosed: () => {
          allClosed++;
          heard();
        },
      },
    );
    const nextAllClosed = () =>
      new Promise<void>((resolve) => {
        heard = resolve;
      });
    try {
      await own.exec('CREATE TABLE kept (n int)');
      const first = openPostgres('postgres://postgres@localhost/postgres', { max: 1, path: served.path });
      const second = openPostgres('postgres://postgres@localhost/postgres', { max: 1, path: served.path });
      await first.query('INSERT INTO kept VALUES ($1)', [1]);
      await second.query('INSERT INTO kept VALUES ($1)', [2]);
      let closed = nextAllClosed();
      await first.close();
      // One command is still connected: not yet.
      await second.query('SELECT 1');
      expect(allClosed).toBe(0);
      await second.close();
      await closed;
      expect(allClosed).toBe(1);

      const before = pgliteBehind(own);
      await reopenPglite(own);
      expect(pgliteBehind(own)).not.toBe(before);
      const third = openPostgres('postgres://postgres@localhost/postgres', { max: 1, path: served.path });
      closed = nextAllClosed();
      await third.query('INSERT INTO kept VALUES ($1)', [3]);
      expect((await third.query<{ n: number }>('SELECT n FROM kept ORDER BY n')).map((r) => r.n)).toEqual([
        1, 2, 3,
      ]);
      await third.close();
      await closed;
      expect(allClosed).toBe(2);
    } finally {
      await served.stop();
      await own.close();
    }
  });
});
