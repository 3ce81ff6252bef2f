import type { OrderAction } from '@engine/order-state-machine.ts';
import type { Mutation, MutationKey, MutationState, QueryClient } from '@tanstack/react-query';

/*
 * Writes confirmed on a screen only the server can answer (an order's delivery, a decision) wait in the page for
 * the network (decision 094). A tab the phone closes in the back room, or a reload, used to lose them: each such
 * write is kept on the device until its answer comes, for its person, and sent when the app opens again
 * (decision 095).
 * This file is the part every start needs (is anything waiting?); the rest loads only when something is.
 */

/** The first part of the mutation key of every write that may wait on the device. */
export const WAITING_WRITE = 'waiting-write';

/** What a waiting write's toast says when it is sent after the page that confirmed it is gone. */
// A type, not an interface: TanStack Query keeps it as a mutation's meta, a record of strings.
export type WriteTold = {
  /** "Received the 9 lines from Valley Fresh Dairy on order DT-01-20261204-0001" */
  done: string;
  /** "The delivery … was not recorded" */
  failed: string;
  /** The order it changes, for the toast of an order changed meanwhile. */
  order?: { number: string; action?: OrderAction };
};

/** One write as the device keeps it: the shape TanStack Query's hydrate() takes back. */
export interface KeptWrite {
  mutationKey: MutationKey;
  meta: WriteTold;
  state: MutationState;
}

/**
 * Each tab keeps its own writes under its own key (decision 095): two tabs of one person never overwrite each
 * other's. A key whose tab is gone (closed, reloaded, discarded by the phone) is taken over by the next page.
 */
export const waitingWritesPrefix = (userId: number) => `parstock:waiting-writes:${userId}`;
export const waitingWritesKey = (userId: number, tab: string) => `${waitingWritesPrefix(userId)}:${tab}`;

/** This page's name among the person's tabs: a new one for every page, a reload included. */
export const THIS_TAB: string = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

const tabLockName = (tab: string) => `parstock-tab:${tab}`;

/** The Web Locks of this browser, or null where there are none (then every other tab's key counts as left). */
function locks(): LockManager | null {
  return globalThis.navigator?.locks ?? null;
}

const heldTabs = new Set<string>();

/**
 * Holds the tab's lock for as long as the page lives: the browser lets go of it when the page goes, however it
 * goes, which is how a later page tells a live tab's writes from those a closed one left.
 */
export function holdTabLock(tab: string): void {
  const manager = locks();
  if (!manager || heldTabs.has(tab)) return;
  heldTabs.add(tab);
  void manager.request(tabLockName(tab), () => new Promise<never>(() => undefined)).catch(() => undefined);
}

/**
 * Runs `take` for one page of the person at a time, so two pages opened together do not both take over what a
 * closed tab left (both would send it: safe, but told twice).
 */
export function oneTakeOverAtATime<T>(userId: number, take: () => Promise<T>): Promise<T> {
  const manager = locks();
  return manager ? manager.request(`parstock-take-over:${userId}`, take) : take();
}

/**
 * The keys of the person's kept writes that no live tab holds: left by a tab closed or reloaded, or kept under
 * the one key of the version before tabs had their own.
 */
export async function leftWriteKeys(userId: number, tab: string): Promise<string[]> {
  const prefix = waitingWritesPrefix(userId);
  const keys: string[] = [];
  const store = storage();
  for (let index = 0; index < (store?.length ?? 0); index += 1) {
    const key = store?.key(index);
    if (key && (key === prefix || key.startsWith(`${prefix}:`))) keys.push(key);
  }
  const manager = locks();
  const held = new Set(
    manager ? ((await manager.query()).held ?? []).map((lock) => lock.name).filter(Boolean) : [],
  );
  return keys.filter((key) => {
    const owner = key.slice(prefix.length + 1);
    return owner !== tab && !held.has(tabLockName(owner));
  });
}

/** Forgets keys whose writes a page has taken over (and kept under its own). */
export function dropKept(keys: readonly string[]): void {
  try {
    for (const key of keys) storage()?.removeItem(key);
  } catch {
    // A refused storage: the writes are sent again by a later page, which is safe.
  }
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

const isOrderWrite = (mutation: AnyMutation) => mutation.options.mutationKey?.[0] === WAITING_WRITE;

/** Paused until the network returns: what the screens count as waiting on the device. */
export const isWaitingWrite = (mutation: AnyMutation): boolean =>
  isOrderWrite(mutation) && mutation.state.isPaused;

/**
 * Not answered yet, paused or on its way: kept until its answer comes, so a tab closed while it is being sent
 * leaves it to the next page too. Sent twice, it is safe: a delivery or a correction is not recorded twice, and a
 * write guarded by the order's version is refused the second time, which its toast tells as done already.
 */
const isUnanswered = (mutation: AnyMutation): boolean =>
  isOrderWrite(mutation) && mutation.state.status === 'pending';

/** The writes kept under one key; an unreadable entry is nothing to send. */
export function readKept(key: string): KeptWrite[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as KeptWrite[]) : [];
  } catch {
    return [];
  }
}

function writeKept(key: string, writes: KeptWrite[]): void {
  try {
    if (writes.length === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(writes));
  } catch {
    // A full or refused storage keeps the write in the page only, as before.
  }
}

/**
 * Keeps the person's order writes on the device while the page lives, under the tab's own key: at once (writes
 * taken over from a closed tab are in the page by then), and at every change of the mutation cache, the ones
 * not answered yet; an answered one is dropped. Returns the unsubscribe.
 */
export function keepWaitingWrites(queryClient: QueryClient, userId: number, tab: string): () => void {
  const cache = queryClient.getMutationCache();
  const key = waitingWritesKey(userId, tab);
  let kept = '';
  const keep = () => {
    const writes = cache.findAll({ predicate: isUnanswered }).map(
      (mutation): KeptWrite => ({
        mutationKey: mutation.options.mutationKey ?? [],
        meta: mutation.meta as unknown as WriteTold,
        // Sent again by the next page as a write that waits: `resumePausedMutations` sends only paused ones.
        state: { ...mutation.state, isPaused: true, failureReason: null },
      }),
    );
    const next = JSON.stringify(writes);
    if (next === kept) return;
    kept = next;
    writeKept(key, writes);
  };
  holdTabLock(tab);
  keep();
  return cache.subscribe((event) => {
    if (event.mutation?.options.mutationKey?.[0] === WAITING_WRITE) keep();
  });
}
