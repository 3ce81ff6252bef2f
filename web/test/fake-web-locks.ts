/**
 * The part of the Web Locks API the kept order writes use (`request` of an exclusive lock, `query`), for tests in
 * happy-dom, which has none. A tab's lock is let go with `release(name)`, as the browser does when a page goes.
 */
export function installFakeWebLocks() {
  const held = new Map<string, () => void>();
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    async request<T>(name: string, callback: () => Promise<T> | T): Promise<T> {
      const before = queues.get(name) ?? Promise.resolve();
      let done: () => void = () => undefined;
      const mine = new Promise<void>((resolve) => {
        done = resolve;
      });
      queues.set(name, mine);
      await before.catch(() => undefined);
      held.set(name, done);
      try {
        return await callback();
      } finally {
        held.delete(name);
        done();
      }
    },
    async query() {
      return { held: [...held.keys()].map((name) => ({ name, mode: 'exclusive' as const })), pending: [] };
    },
  };
  const previous = Object.getOwnPropertyDescriptor(navigator, 'locks');
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
  return {
    /** The page holding this lock goes: its never-ending callback is dropped, the lock let go. */
    release(name: string) {
      held.get(name)?.();
      held.delete(name);
    },
    uninstall() {
      if (previous) Object.defineProperty(navigator, 'locks', previous);
      else Reflect.deleteProperty(navigator, 'locks');
    },
  };
}
