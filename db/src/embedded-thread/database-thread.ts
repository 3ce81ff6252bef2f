/// <reference lib="webworker" />
import type { Db } from '@db/client.ts';
import { embeddedDatabase } from '@db/embedded-database.ts';
import { openPglite } from '@db/pglite-client.ts';
import type { PgliteSocket } from '@db/pglite-socket.ts';
import type { ThreadReply, ThreadRequest } from './thread-messages.ts';

/*
 * The embedded database's own thread (decision 054): it holds the PGlite instance and everything that needs it —
 * the folder's lock, the reopen that gives memory back, the socket `parstock` commands reach — and answers the
 * server's `Db` calls, which arrive as messages (`thread-db.ts`). PGlite runs each call to its end on this
 * thread, so the server's thread keeps answering HTTP meanwhile.
 */

declare const self: Worker;
let db: Db | null = null;
let commands: PgliteSocket | null = null;
const transactions = new Map<number, { waiting: ThreadRequest[]; wake: (() => void) | null }>();

const post = (reply: ThreadReply) => self.postMessage(reply);
const answer = (id: number, rows: unknown[] = [], value?: unknown) => post({ id, ok: true, rows, value });
const refuse = (id: number, error: unknown) => {
  // A database error's fields (code, constraint, detail) are what the 409/503 translations read: they cross.
  const fields = error && typeof error === 'object' ? { ...(error as Record<string, unknown>) } : {};
  const name = error instanceof Error ? error.name : 'Error';
  post({
    id,
    ok: false,
    error: { ...fields, name, message: error instanceof Error ? error.message : String(error) },
  });
};

async function run(target: Db, request: ThreadRequest): Promise<void> {
  try {
    if (request.op === 'exec') {
      await target.exec(request.text ?? '');
      answer(request.id);
    } else {
      answer(request.id, await target.query(request.text ?? '', (request.params ?? []) as never[]));
    }
  } catch (error) {
    refuse(request.id, error);
  }
}

/** A transaction holds PGlite until the server's thread says commit or rollback; its statements queue here. */
function begin(request: ThreadRequest, open: Db): void {
  const txId = request.tx ?? 0;
  const queue = { waiting: [] as ThreadRequest[], wake: null as (() => void) | null };
  transactions.set(txId, queue);
  const next = async (): Promise<ThreadRequest> => {
    while (queue.waiting.length === 0) await new Promise<void>((resolve) => (queue.wake = resolve));
    return queue.waiting.shift() as ThreadRequest;
  };
  let ending: ThreadRequest | null = null;
  open
    .transaction(async (tx) => {
      answer(request.id);
      for (;;) {
        const one = await next();
        if (one.op === 'commit' || one.op === 'rollback') {
          ending = one;
          if (one.op === 'rollback') throw new Error('rolled back');
          return;
        }
        await run(tx, one);
      }
    })
    .then(
      () => ending && answer(ending.id),
      (error) => {
        if (ending?.op === 'rollback') answer(ending.id);
        else refuse(ending?.id ?? request.id, error);
      },
    )
    .finally(() => transactions.delete(txId));
}

async function control(request: ThreadRequest, open: Db): Promise<void> {
  try {
    if (request.op === 'reopen') {
      await embeddedDatabase(open)?.reopen();
      // What the old instance held is garbage on this thread now.
      Bun.gc(true);
    } else if (request.op === 'collect') {
      Bun.gc(true);
    } else if (request.op === 'backup') {
      const embedded = embeddedDatabase(open);
      if (!embedded) throw new Error('the embedded database has no folder to back up');
      const bytes = await embedded.backup(request.text ?? '');
      // pg_dump's WebAssembly instance and the dump's text are garbage once written.
      Bun.gc(true);
      answer(request.id, [], bytes);
      return;
    } else if (request.op === 'serve-commands') {
      const embedded = embeddedDatabase(open);
      if (!embedded) throw new Error('the embedded database has no folder to offer');
      commands = await embedded.serveCommands(request.dataDir ?? '', {
        onAllClosed: () => post({ event: 'all-commands-closed' }),
        onConnectionsChanged: (connected) => post({ event: 'commands-connected', connected }),
      });
      answer(request.id, [], commands.path);
      return;
    } else if (request.op === 'stop-commands') {
      await commands?.stop();
      commands = null;
    } else if (request.op === 'close') {
      await commands?.stop();
      commands = null;
      await open.close();
      db = null;
    }
    answer(request.id);
  } catch (error) {
    refuse(request.id, error);
  }
}

self.onmessage = async (event: MessageEvent<ThreadRequest>) => {
  const request = event.data;
  if (request.op === 'open') {
    try {
      // The server's thread holds the folder's lock, in the name of the process as it was started.
      db = await openPglite(request.dataDir, { lockHeldByCaller: true });
      answer(request.id);
    } catch (error) {
      refuse(request.id, error);
    }
    return;
  }
  if (!db)
    return refuse(
      request.id,
      Object.assign(new Error('The embedded database is closed'), { code: 'CONNECTION_ENDED' }),
    );
  if (request.tx !== undefined && request.op !== 'begin') {
    const queue = transactions.get(request.tx);
    if (!queue) return refuse(request.id, new Error('The transaction has already ended'));
    queue.waiting.push(request);
    queue.wake?.();
    queue.wake = null;
    return;
  }
  if (request.op === 'begin') return begin(request, db);
  if (request.op === 'query' || request.op === 'exec') return run(db, request);
  await control(request, db);
};
