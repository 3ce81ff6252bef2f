import type { Db, SqlParam } from '@db/client.ts';

/**
 * Diagnosis only (bench/count-autosave.ts, BENCH_PGLITE_WORKER=1): a `Db` whose embedded database runs in a
 * worker thread, so that its work and the server's HTTP work overlap on two cores. Each call is a message.
 */
export async function openPgliteInWorker(dir: string): Promise<Db> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url).href);
  const pending = new Map<number, { resolve: (rows: never[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let nextTx = 0;
  worker.onmessage = (event: MessageEvent) => {
    const { id, ok, rows, error } = event.data as {
      id: number;
      ok: boolean;
      rows: never[];
      error: Record<string, unknown>;
    };
    const waiting = pending.get(id);
    pending.delete(id);
    if (ok) waiting?.resolve(rows);
    else waiting?.reject(Object.assign(new Error(String(error.message)), error));
  };
  const call = <T>(message: Record<string, unknown>): Promise<T[]> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (rows: never[]) => void, reject });
      worker.postMessage({ ...message, id });
    });
  await call({ op: 'open', dir });
  const make = (tx?: number): Db => ({
    driver: 'pglite',
    query: <T>(text: string, params: readonly SqlParam[] = []) => call<T>({ op: 'query', tx, text, params }),
    exec: async (script: string) => {
      await call({ op: 'exec', tx, text: script });
    },
    async transaction<T>(fn: (inner: Db) => Promise<T>): Promise<T> {
      if (tx !== undefined) return fn(make(tx));
      const id = ++nextTx;
      await call({ op: 'begin', tx: id });
      try {
        const result = await fn(make(id));
        await call({ op: 'commit', tx: id });
        return result;
      } catch (error) {
        await call({ op: 'rollback', tx: id }).catch(() => {});
        throw error;
      }
    },
    close: async () => {
      await call({ op: 'close' });
      worker.terminate();
    },
  });
  return make();
}
