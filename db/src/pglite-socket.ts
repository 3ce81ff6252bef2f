import { chmodSync, lstatSync, mkdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { holdDatabase, simpleQuery, syncMessage } from './pglite-hold.ts';

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

/**
 * Replaces the package's query queue. That queue runs each protocol message alone but lets the host's own
 * queries in between: a server request could then run inside a command's open transaction (and be rolled back
 * with it, or commit half of it), or between a command's Parse and Bind and swap the statement being bound.
 * Here a connection holds the database from its first message until a request cycle ends outside a
 * transaction: a query, or a whole transaction, is one turn; the server's requests run between turns.
 */
class TurnTakingQueue {
  readonly #livePg: () => Promise<PGlite>;
  /** Per connection: the instance it holds and the release of that hold, while it has one. */
  readonly #holds = new Map<number, { pg: PGlite; release: () => void }>();
  /** Per connection: the tail of its messages, so they run in the order they arrived. */
  readonly #tails = new Map<number, Promise<unknown>>();

  constructor(livePg: () => Promise<PGlite>) {
    this.#livePg = livePg;
  }

  get idle(): boolean {
    return this.#holds.size === 0;
  }

  /** Resolves once every connection's queued messages and close work have run. */
  async settled(): Promise<void> {
    for (;;) {
      const tails = [...this.#tails.values()];
      await Promise.all(tails);
      const now = [...this.#tails.values()];
      if (now.length === tails.length && now.every((tail, i) => tail === tails[i])) return;
    }
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
    this.#holds.get(handlerId)?.release();
    this.#holds.delete(handlerId);
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return this.#inOrder(handlerId, async () => {
      let hold = this.#holds.get(handlerId);
      if (!hold) {
        // Each turn takes the instance that is live then: the server may have reopened it between turns.
        const pg = await this.#livePg();
        hold = { pg, release: await holdDatabase(pg) };
        this.#holds.set(handlerId, hold);
      }
      const { pg } = hold;
      let bytes = 0;
      try {
        await pg.runExclusive(() =>
          pg.execProtocolRawStream(message, {
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
      if (endsCycle(message) && !pg.isInTransaction()) this.#release(handlerId);
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
    const pg = this.#holds.get(handlerId)?.pg;
    if (!pg) return;
    try {
      await pg.runExclusive(async () => {
        const ignore = { onRawData: () => {} };
        await pg.execProtocolRawStream(syncMessage(), ignore);
        if (pg.isInTransaction()) await pg.execProtocolRawStream(simpleQuery('ROLLBACK'), ignore);
      });
    } finally {
      this.#release(handlerId);
    }
  }
}

export interface PgliteSocket {
  readonly path: string;
  /** Commands connected right now: the database must not be reopened under one (its prepared statements). */
  commandsConnected(): number;
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

export interface PgliteSocketOptions {
  /**
   * The last command's connection has closed and none is open: the moment the server can reopen the database
   * to give back what the command's work grew it to (decision 044). Not called while any connection is open.
   */
  onAllClosed?: () => void;
  /** After each command connects or goes, with how many are connected (the server's thread counts them). */
  onConnectionsChanged?: (connected: number) => void;
}

/**
 * Serves a live PGlite on a Unix socket that only this user can reach (docs/security-notes/data-lock.md), so
 * `parstock` commands can run beside the server. Call only while holding the data folder's lock: a socket file
 * left at the path is then a dead server's and is replaced. `pg`: the instance, or a function giving the live
 * one (after a reopen, reopenPglite / livePglite in client.ts).
 */
export async function servePgliteSocket(
  pg: PGlite | (() => Promise<PGlite>),
  dataDir: string,
  options: PgliteSocketOptions = {},
): Promise<PgliteSocket> {
  const path = socketPathFor(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`the socket path ${path} is longer than the ${MAX_SOCKET_PATH_BYTES} bytes Unix allows`);
  }
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // An existing folder keeps its mode otherwise; this one holds nothing but the socket.
  chmodSync(folder, 0o700);
  removeLeftoverSocket(path);

  const queue = new TurnTakingQueue(typeof pg === 'function' ? pg : async () => pg);
  const handlers = new Set<PGLiteSocketHandler>();
  let stopping = false;
  const forget = (handler: PGLiteSocketHandler) => {
    if (!handlers.delete(handler)) return;
    options.onConnectionsChanged?.(handlers.size);
    if (handlers.size > 0 || stopping) return;
    // The handler queues its close work (rolling back what the client left open) right after this event: report
    // once that has run, if no other connection came meanwhile.
    setImmediate(async () => {
      await queue.settled();
      if (handlers.size === 0 && queue.idle && !stopping) options.onAllClosed?.();
    });
  };
  const server: Server = createServer((socket: Socket) => {
    const handler = new PGLiteSocketHandler({
      // The handler only calls enqueue, clearQueueForHandler and clearTransactionIfNeeded.
      queryQueue: queue as unknown as ConstructorParameters<typeof PGLiteSocketHandler>[0]['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    options.onConnectionsChanged?.(handlers.size);
    handler.addEventListener('close', () => forget(handler));
    handler.addEventListener('error', () => forget(handler));
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
    stopping = true;
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
  return { path, stop, commandsConnected: () => handlers.size };
}
