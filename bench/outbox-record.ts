import { isCountValue } from '@web/features/operations/model/count-item-view.ts';
import { AutosaveQueue } from '@web/lib/autosave/autosave-queue.ts';
import { createMemoryStore } from '@web/lib/autosave/outbox-storage.ts';

/**
 * What one keystroke costs the outbox (`AutosaveQueue.record`: stored before it returns) while edits pile up
 * unsent, as in a long count kept with no network: 200 records timed after BENCH_PENDING (default
 * 0,300,1000,3000) edits already waiting, in Bun, on an in-memory store. The browser adds localStorage's own
 * copy and a CPU four times slower on a café's tablet; this measures the queue's part. Printed, never asserted.
 */
const PENDING = (process.env.BENCH_PENDING ?? '0,300,1000,3000').split(',').map(Number);
const RECORDS = 200;

console.log(`Outbox: one record with edits waiting unsent (${RECORDS} records timed each)`);
for (const pending of PENDING) {
  const store = createMemoryStore();
  const queue = new AutosaveQueue({
    store,
    key: 'bench-outbox',
    isValue: isCountValue,
    // Never answered: nothing leaves the outbox.
    send: () => new Promise(() => {}),
  });
  for (let item = 0; item < pending; item++) queue.record(100_000 + item, { count: item, confirmed: false });
  const started = performance.now();
  for (let item = 0; item < RECORDS; item++) queue.record(item, { count: item, confirmed: true });
  const perRecord = (performance.now() - started) / RECORDS;
  const size = store.get('bench-outbox')?.length ?? 0;
  console.log(
    `  ${String(pending).padStart(5)} waiting: ${perRecord.toFixed(3)} ms a record; the stored outbox ${(size / 1024).toFixed(0)} KB`,
  );
  queue.dispose();
}
