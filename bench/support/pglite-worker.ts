/// <reference lib="webworker" />
import { type Db, openPglite } from '@db/client.ts';

/*
 * Diagnosis only (bench/count-autosave.ts, BENCH_PGLITE_WORKER=1): the embedded database on a thread of its own,
 * answering the `Db` calls of `pglite-worker-db.ts` by message.
 */
interface Message {
  id: number;
  op: 'open' | 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close';
  tx?: number;
  text?: string;
  params?: unknown[];
  dir?: string;
}

declare const self: Worker;
let db: Db | null = null;
const transactions = new Map<number, { waiting: Message[]; wake: (() => void) | null }>();

const reply = (id: number, rows: unknown[] = []) => self.postMessage({ id, ok: true, rows });
const refuse = (id: number, error: unknown) => {
  const fields = error && typeof error === 'object' ? { ...(error as Record<string, unknown>) } : {};
  self.postMessage({
    id,
    ok: false,
    error: { ...fields, message: String((error as Error)?.message ?? error) },
  });
};

async function run(target: Db, message: Message): Promise<void> {
  try {
    if (message.op === 'exec') {
      await target.exec(message.text ?? '');
      reply(message.id);
    } else {
      reply(message.id, await target.query(message.text ?? '', (message.params ?? []) as never[]));
    }
  } catch (error) {
    refuse(message.id, error);
  }
}

function begin(message: Message, open: Db): void {
  const queue = { waiting: [] as Message[], wake: null as (() => void) | null };
  const txId = message.tx ?? 0;
  transactions.set(txId, queue);
  const next = async (): Promise<Message> => {
    while (queue.waiting.length === 0) await new Promise<void>((resolve) => (queue.wake = resolve));
    return queue.waiting.shift() as Message;
  };
  let ending: Message | null = null;
  open
    .transaction(async (tx) => {
      reply(message.id);
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
      () => ending && reply(ending.id),
      (error) =>
        ending?.op === 'rollback'
          ? reply(ending.id)
          : ending
            ? refuse(ending.id, error)
            : refuse(message.id, error),
    )
    .finally(() => transactions.delete(txId));
}

self.onmessage = async (event: MessageEvent<Message>) => {
  const message = event.data;
  if (message.op === 'open') {
    db = await openPglite(message.dir);
    reply(message.id);
    return;
  }
  if (!db) return refuse(message.id, new Error('not open'));
  if (message.op === 'close') {
    await db.close();
    reply(message.id);
    return;
  }
  if (message.op === 'begin') return begin(message, db);
  if (message.tx !== undefined) {
    const queue = transactions.get(message.tx);
    if (!queue) return refuse(message.id, new Error('no such transaction'));
    queue.waiting.push(message);
    queue.wake?.();
    queue.wake = null;
    return;
  }
  await run(db, message);
};
