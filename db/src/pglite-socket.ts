import { chmodSync, lstatSync, mkdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/**
 * Where a running server offers its embedded database to `parstock` commands: a Unix socket in a 0700 folder
 * beside the PGlite folder. The name `.s.PGSQL.5432` is what postgres.js and psql look for in a socket
 * directory. Derived from the data folder, so a command finds it from DATA_DIR alone.
 */
export function socketPathFor(dataDir: string): string {
  return `${resolve(dataDir)}.socket/.s.PGSQL.5432`;
}

/** Linux's sun_path holds 108 bytes including the final NUL. */
const MAX_SOCKET_PATH_BYTES = 107;

// Message types that end a request cycle of the PostgreSQL wire protocol: Sync (extended protocol), Query
// (simple protocol), Terminate. The startup message has no type byte; its first byte is its length's high byte, 0.
const SYNC = 0x53;
const QUERY = 0x51;
const TERMINATE = 0x58;
const endsCycle = (message: Uint8Array) =>
  message[0] === SYNC || message[0] === QUERY || message[0] === TERMINATE || message[0] === 0;

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
const syncMessage = () => Uint8Array.from([SYNC, 0, 0, 0, 4]);

// PGlite's transaction mutex is what its own query(), exec() and transaction() take: holding it keeps the
// server's requests out. The promise resolves with the function that lets them in again.
function holdDatabase(pg: PGlite): Promise<() => void> {
  return new Promise((acquired) => {
    void pg._runExclusiveTransaction(() => new Promise<void>((release) => acquired(release)));
  });
}

/**
 * Replaces the package's query queue. That queue runs each protocol message alone but lets the host's own
 * queries in between: a server request could then run inside a command's open transaction (and be rolled back
 * with it, or commit half of it), or between a command's Parse and Bind and swap the statement being bound.
 * Here a connection holds the database from its first message until a request cycle ends outside a
 * transaction: a query, or a whole transaction, is one turn; the server's requests run between turns.
 */
class TurnTakingQueue {
  readonly #pg: PGlite;
  /** Per connection: the release of the hold it has, while it has one. */
  readonly #holds = new Map<number, () => void>();
  /** Per connection: the tail of its messages, so they run in the order they arrived. */
  readonly #tails = new Map<number, Promise<unknown>>();

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  #inOrder<T>(handlerId: number, work: () => Promise<T>): Promise<T> {
    const run = (this.#tails.get(handlerId) ?? Promise.resolve()).then(work, work);
    this.#tails.set(
      handlerId,
      run.catch(() => {}),
    );
    return run;
  }

  #release(handlerId: number): void {
    this.#holds.get(handlerId)?.();
    this.#holds.delete(handlerId);
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return this.#inOrder(handlerId, async () => {
      if (!this.#holds.has(handlerId)) this.#holds.set(handlerId, await holdDatabase(this.#pg));
      let bytes = 0;
      try {
        await this.#pg.runExclusive(() =>
          this.#pg.execProtocolRawStream(message, {
            onRawData: (data) => {
              bytes += data.length;
              onData(data);
            },
          }),
        );
      } catch (error) {
        await this.#endTurn(handlerId);
        throw error;
      }
      if (endsCycle(message) && !this.#pg.isInTransaction()) this.#release(handlerId);
      return bytes;
    });
  }

  /** Called by the handler when its client goes away: messages already read still run (in order), then nothing. */
  clearQueueForHandler(_handlerId: number): void {}

  /** The client is gone: end what it left open (a half-sent cycle, a transaction) and let the server back in. */
  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return this.#inOrder(handlerId, () => this.#endTurn(handlerId)).finally(() =>
      this.#tails.delete(handlerId),
    );
  }

  async #endTurn(handlerId: number): Promise<void> {
    if (!this.#holds.has(handlerId)) return;
    try {
      await this.#pg.runExclusive(async () => {
        const ignore = { onRawData: () => {} };
        await this.#pg.execProtocolRawStream(syncMessage(), ignore);
        if (this.#pg.isInTransaction()) await this.#pg.execProtocolRawStream(simpleQuery('ROLLBACK'), ignore);
      });
    } finally {
      this.#release(handlerId);
    }
  }
}

export interface PgliteSocket {
  readonly path: string;
  /** Closes the connections (rolling back what they left open) and removes the socket file. */
  stop(): Promise<void>;
}

function removeLeftoverSocket(path: string): void {
  try {
    // lstat: a symlink planted at the name is removed itself, never followed.
    if (lstatSync(path).isSocket() || lstatSync(path).isSymbolicLink()) unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Serves a live PGlite on a Unix socket that only this user can reach (docs/security-notes/data-lock.md), so
 * `parstock` commands can run beside the server. Call only while holding the data folder's lock: a socket file
 * left at the path is then a dead server's and is replaced.
 */
export async function servePgliteSocket(pg: PGlite, dataDir: string): Promise<PgliteSocket> {
  const path = socketPathFor(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`the socket path ${path} is longer than the ${MAX_SOCKET_PATH_BYTES} bytes Unix allows`);
  }
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // An existing folder keeps its mode otherwise; this one holds nothing but the socket.
  chmodSync(folder, 0o700);
  removeLeftoverSocket(path);

  const queue = new TurnTakingQueue(pg);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket: Socket) => {
    const handler = new PGLiteSocketHandler({
      // The handler only calls enqueue, clearQueueForHandler and clearTransactionIfNeeded.
      queryQueue: queue as unknown as ConstructorParameters<typeof PGLiteSocketHandler>[0]['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    handler.addEventListener('close', () => handlers.delete(handler));
    handler.addEventListener('error', () => handlers.delete(handler));
    void handler.attach(socket);
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(path, () => {
      server.off('error', failed);
      // An accept that fails later (EMFILE) costs that one command its connection, never the web server.
      server.on('error', () => {});
      listening();
    });
  });
  // The socket is created with the umask's mode; the 0700 folder already keeps others out, this says so twice.
  chmodSync(path, 0o600);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      const closed = new Promise<void>((done) => server.close(() => done()));
      await Promise.all([...handlers].map((handler) => handler.detach(true)));
      await closed;
      removeLeftoverSocket(path);
      try {
        rmdirSync(folder);
      } catch {
        // Not empty (someone put a file there) or already gone: leave it.
      }
    })();
    return stopped;
  };
  return { path, stop };
}
