import type { Db, SqlParam } from '@db/client.ts';
import { acquireDataDirLock } from '@db/data-dir-lock.ts';
import { registerEmbeddedDatabase } from '@db/embedded-database.ts';
import type { PgliteSocket } from '@db/pglite-socket.ts';
import type { ThreadReply, ThreadRequest } from './thread-messages.ts';

type Pending = {
  resolve: (reply: { rows: unknown[]; value?: unknown }) => void;
  reject: (error: Error) => void;
};

/** A database error as it crossed the threads: its fields kept, a RangeError (PGlite out of memory) still one. */
function errorFrom(fields: Record<string, unknown> & { name: string; message: string }): Error {
  const error = fields.name === 'RangeError' ? new RangeError(fields.message) : new Error(fields.message);
  const { name: _, message: __, stack: ___, ...rest } = fields;
  return Object.assign(error, rest);
}

/**
 * The embedded database in a folder, on a thread of its own (decision 054): PGlite runs each statement to its
 * end on the thread that calls it, so in the server's thread a save's database work and every other request's
 * HTTP work took turns; on its own thread they overlap on two cores. Every call is a message; a transaction is
 * a begin, its statements and a commit or rollback, held on that thread in between. The thread also holds the
 * folder's lock, the reopen that gives memory back and the socket for `parstock` commands
 * (`embeddedDatabase(db)`). Should the thread end, every call answers as a lost database connection (503).
 */
export async function openPgliteOnItsOwnThread(dataDir: string): Promise<Db> {
  // Taken here, before the thread starts: another process's hold is refused at once, in this thread's terms.
  const lock = acquireDataDirLock(dataDir);
  // Smol: the thread's own JavaScript heap is collected more eagerly; it holds little besides PGlite.
  const worker = new Worker(new URL('./database-thread.ts', import.meta.url).href, { smol: true });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let nextTransaction = 0;
  let ended: Error | null = null;
  let commandsConnected = 0;
  let onAllCommandsClosed: () => void = () => {};

  const end = (reason: string) => {
    ended ??= Object.assign(new Error(`The embedded database stopped: ${reason}`), {
      code: 'CONNECTION_ENDED',
    });
    for (const waiting of pending.values()) waiting.reject(ended);
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<ThreadReply>) => {
    const reply = event.data;
    if ('event' in reply) {
      if (reply.event === 'commands-connected') commandsConnected = reply.connected;
      else onAllCommandsClosed();
      return;
    }
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply);
    else waiting?.reject(errorFrom(reply.error));
  };
  worker.onerror = (event) => end(event.message);
  worker.addEventListener('close', () => end('its thread ended'));

  const call = (request: Omit<ThreadRequest, 'id'>) =>
    new Promise<{ rows: unknown[]; value?: unknown }>((resolve, reject) => {
      if (ended) return reject(ended);
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });

  try {
    await call({ op: 'open', dataDir });
  } catch (error) {
    worker.terminate();
    lock.release();
    throw error;
  }

  // A thread that already ended (it failed) still leaves the folder's lock to release here.
  const close = async () => {
    try {
      if (!ended) await call({ op: 'close' });
    } finally {
      end('closed');
      worker.terminate();
      lock.release();
    }
  };
  const make = (tx?: number): Db => ({
    driver: 'pglite',
    query: async <T>(text: string, params: readonly SqlParam[] = []) =>
      (await call({ op: 'query', tx, text, params })).rows as T[],
    exec: async (script: string) => {
      await call({ op: 'exec', tx, text: script });
    },
    async transaction<T>(fn: (inner: Db) => Promise<T>): Promise<T> {
      // One connection, as in the server's thread: a nested call joins the open transaction.
      if (tx !== undefined) return fn(make(tx));
      const id = ++nextTransaction;
      await call({ op: 'begin', tx: id });
      let result: T;
      try {
        result = await fn(make(id));
      } catch (error) {
        await call({ op: 'rollback', tx: id }).catch(() => {});
        throw error;
      }
      await call({ op: 'commit', tx: id });
      return result;
    },
    close,
  });
  const db = make();
  registerEmbeddedDatabase(db, {
    reopen: async () => {
      await call({ op: 'reopen' });
    },
    collect: async () => {
      await call({ op: 'collect' });
    },
    backup: async (path) => Number((await call({ op: 'backup', text: path })).value),
    serveCommands: async (socketDataDir, events) => {
      onAllCommandsClosed = events.onAllClosed;
      const { value } = await call({ op: 'serve-commands', dataDir: socketDataDir });
      const socket: PgliteSocket = {
        path: String(value),
        stop: async () => {
          await call({ op: 'stop-commands' });
        },
        commandsConnected: () => commandsConnected,
      };
      return socket;
    },
  });
  return db;
}
