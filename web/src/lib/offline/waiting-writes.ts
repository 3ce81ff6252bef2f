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

export const waitingWritesKey = (userId: number) => `parstock:waiting-writes:${userId}`;

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

/** The writes of this person kept on the device; an unreadable entry is nothing to send. */
export function readWaitingWrites(userId: number): KeptWrite[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(waitingWritesKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as KeptWrite[]) : [];
  } catch {
    return [];
  }
}

function writeWaitingWrites(userId: number, writes: KeptWrite[]): void {
  try {
    if (writes.length === 0) storage()?.removeItem(waitingWritesKey(userId));
    else storage()?.setItem(waitingWritesKey(userId), JSON.stringify(writes));
  } catch {
    // A full or refused storage keeps the write in the page only, as before.
  }
}

/**
 * Keeps the person's order writes on the device while the page lives: every change of the mutation cache writes
 * the ones not answered yet, and an answered one is dropped. Returns the unsubscribe.
 */
export function keepWaitingWrites(queryClient: QueryClient, userId: number): () => void {
  const cache = queryClient.getMutationCache();
  let kept = JSON.stringify(readWaitingWrites(userId));
  return cache.subscribe((event) => {
    if (event.mutation?.options.mutationKey?.[0] !== WAITING_WRITE) return;
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
    writeWaitingWrites(userId, writes);
  });
}
