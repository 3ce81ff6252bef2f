import type { QueueTimers } from './autosave-queue.ts';

/** Lets promise callbacks run (the fake server's answer travelling through fetch, text() and JSON). */
export async function settlePromises(rounds = 50): Promise<void> {
  for (let round = 0; round < rounds; round++) await Promise.resolve();
}

/**
 * Timers that move only when told, with the clock the queue stamps typed edits with. Tests of the autosave
 * use these instead of the test runner's global fake timers, so they do not depend on what another test
 * file left behind in the global ones.
 */
export class ManualTimers implements QueueTimers {
  now = Date.parse('2025-03-10T15:00:00.000Z');
  private nextId = 1;
  private readonly tasks = new Map<number, { at: number; callback: () => void }>();

  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.now + ms, callback });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.tasks.delete(handle as number);
  };

  /** Runs every timer due within `ms`, in order, letting each request answer before the next timer. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      await settlePromises();
      const due = [...this.tasks.entries()]
        .filter(([, task]) => task.at <= end)
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      const [id, task] = due;
      this.tasks.delete(id);
      this.now = task.at;
      task.callback();
    }
    this.now = end;
    await settlePromises();
  }
}
