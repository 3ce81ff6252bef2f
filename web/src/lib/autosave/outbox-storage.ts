import type { OperationKey } from '@engine/operations.ts';
import { parseOutbox } from './outbox-state.ts';

/**
 * Where outboxes live: the browser's localStorage. It is synchronous, so an edit is on disk before the
 * code that sends it runs, and before the page can be closed; IndexedDB would leave a window where a
 * typed number exists only in memory.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
  /** False when the browser refused to store (private mode, quota): edits then live only in this tab. */
  readonly durable: boolean;
}

export const OUTBOX_PREFIX = 'parstock:outbox:v1';

/** The screens that keep an outbox: the four operations and the Cafe Ops Tracker's checklist. */
export type OutboxScreen = OperationKey | 'cafe_ops_tracker';

/** Who typed, where, in which screen, and against what: a count session, a business date, or 'pars'. */
export interface OutboxScope {
  userId: number;
  locationId: number;
  operation: OutboxScreen;
  session: string;
}

/** The count screen types against this session when the café has no open count yet (the server opens one). */
export const NO_SESSION = 'none';

export function outboxKey(scope: OutboxScope): string {
  return `${outboxKeyPrefix(scope)}${encodeURIComponent(scope.session)}`;
}

/** Every session of one person's screen at one café, to find edits typed against an earlier one. */
export function outboxKeyPrefix(scope: Omit<OutboxScope, 'session'>): string {
  return `${OUTBOX_PREFIX}:${scope.userId}:${scope.locationId}:${scope.operation}:`;
}

/** The sessions that still hold an outbox for this person, café and screen. */
export function storedSessions(store: KeyValueStore, scope: Omit<OutboxScope, 'session'>): string[] {
  const prefix = outboxKeyPrefix(scope);
  return store
    .keys()
    .filter((key) => key.startsWith(prefix))
    .map((key) => decodeURIComponent(key.slice(prefix.length)));
}

/** An in-memory store: for tests, and the fallback when the browser will not keep anything. */
export function createMemoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial));
  return {
    durable: true,
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
    },
    remove: (key) => {
      values.delete(key);
    },
    keys: () => [...values.keys()],
  };
}

/**
 * localStorage, falling back to memory for a key the browser refuses to store, so typing keeps working
 * (the screen says the edits are not kept on the device then).
 */
export function createBrowserStore(storage: Storage | undefined = globalThis.localStorage): KeyValueStore {
  const fallback = new Map<string, string>();
  let durable = storage !== undefined;
  return {
    get durable() {
      return durable;
    },
    get(key) {
      if (fallback.has(key)) return fallback.get(key) ?? null;
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        if (!storage) throw new Error('No storage');
        storage.setItem(key, value);
        fallback.delete(key);
      } catch {
        durable = false;
        fallback.set(key, value);
      }
    },
    remove(key) {
      fallback.delete(key);
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing was stored under the key then.
      }
    },
    keys() {
      const found = new Set(fallback.keys());
      try {
        if (storage) {
          for (let index = 0; index < storage.length; index++) {
            const key = storage.key(index);
            if (key !== null) found.add(key);
          }
        }
      } catch {
        // Only the fallback's keys are known then.
      }
      return [...found];
    },
  };
}

let browserStore: KeyValueStore | null = null;

/** One store per page, so the fallback memory is shared by every screen that uses it. */
export function sharedBrowserStore(): KeyValueStore {
  browserStore ??= createBrowserStore();
  return browserStore;
}

/**
 * How many edits one person typed on this device still wait to be sent, across every café and screen: signing out
 * leaves them until that person signs in here again, so the sign-out asks first.
 */
export function typedEditsWaiting(store: KeyValueStore, userId: number): number {
  const prefix = `${OUTBOX_PREFIX}:${userId}:`;
  let waiting = 0;
  for (const key of store.keys()) {
    if (!key.startsWith(prefix)) continue;
    waiting += parseOutbox(store.get(key), (value): value is unknown => value !== undefined).entries.length;
  }
  return waiting;
}
