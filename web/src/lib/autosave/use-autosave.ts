import { AutosaveQueue, type AutosaveSnapshot, type QueueTimers } from '@web/lib/autosave/autosave-queue.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import { type KeyValueStore, sharedBrowserStore } from '@web/lib/autosave/outbox-storage.ts';
import type { SaveFailure } from '@web/lib/autosave/save-failure.ts';
import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';

export interface AutosaveHandlers<V, R> {
  send: (entries: readonly OutboxEntry<V>[], signal: AbortSignal) => Promise<R>;
  onSaved?: (result: R, sent: readonly OutboxEntry<V>[]) => void;
  onBlocked?: (failure: SaveFailure) => void;
}

export interface AutosaveOptions<V> {
  merge?: (waiting: V, next: V) => V;
  /** The browser's localStorage unless given (tests give a memory store, timers and a clock). */
  store?: KeyValueStore;
  timers?: QueueTimers;
  now?: () => number;
}

interface RegistryEntry {
  // biome-ignore lint/suspicious/noExplicitAny: the registry holds queues of every screen's value type.
  queue: AutosaveQueue<any, any>;
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  handlers: AutosaveHandlers<any, any>;
  users: number;
}

/*
 * Queues live beside the page, not inside a screen: leaving the screen (or switching category, or opening
 * View Cart) while a save is due must not stop it. A queue nobody shows is closed once it has nothing left
 * to send; whatever it could not send stays in storage for the next visit.
 */
const registry = new Map<string, RegistryEntry>();
let windowListenersInstalled = false;
let reloadingWithOutboxKept = false;

function hasUnsavedEdits(): boolean {
  for (const { queue } of registry.values()) {
    const snapshot = queue.getSnapshot();
    if (snapshot.pending + snapshot.refused > 0) return true;
  }
  return false;
}

/**
 * Whether a reload loses nothing typed: pending edits are on disk unless the browser refused to store them,
 * and refused edits live only on screen until the person reads them.
 */
function unsavedEditsAreStored(): boolean {
  for (const { queue } of registry.values()) {
    const snapshot = queue.getSnapshot();
    if (snapshot.refused > 0 || (snapshot.pending > 0 && !snapshot.durable)) return false;
  }
  return true;
}

/**
 * Reloads the page for a new version of the app. The outbox is on disk, so unsent edits are sent after the
 * reload and the browser's "Leave site?" question is skipped; edits the browser would not store keep it.
 */
export function reloadKeepingOutbox(reload: () => void = () => window.location.reload()): void {
  leaveKeepingOutbox(reload);
}

/**
 * Leaves the page after the app has asked itself (signing out with typed edits waiting): the edits stay on disk for
 * the person, and the browser's "Leave site?" is not asked again, since its "Stay" would keep a page whose sign-out
 * has begun. Edits the browser would not store keep the question.
 */
export function leaveKeepingOutbox(leave: () => void): void {
  reloadingWithOutboxKept = unsavedEditsAreStored();
  leave();
}

function installWindowListeners(): void {
  if (windowListenersInstalled || typeof window === 'undefined') return;
  windowListenersInstalled = true;
  // The connection is back: send now rather than when the backoff pause ends.
  window.addEventListener('online', () => {
    for (const { queue } of registry.values()) queue.flushNow();
  });
  // Another tab of the same screen changed the outbox.
  window.addEventListener('storage', (event) => {
    if (event.key === null) {
      for (const { queue } of registry.values()) queue.reload();
      return;
    }
    registry.get(event.key)?.queue.reload();
  });
  // The browser's own "Leave site?" question while something typed is not on the server yet.
  window.addEventListener('beforeunload', (event) => {
    if (reloadingWithOutboxKept) {
      // Once: should the reload not happen after all, leaving later is asked about again.
      reloadingWithOutboxKept = false;
      return;
    }
    if (!hasUnsavedEdits()) return;
    event.preventDefault();
    event.returnValue = '';
  });
}

function release(key: string): void {
  const entry = registry.get(key);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  const closeWhenDone = (): boolean => {
    if (entry.users > 0) return true;
    const snapshot = entry.queue.getSnapshot();
    if (!(snapshot.pending === 0 && snapshot.saving === 0) && !snapshot.blocked) return false;
    entry.queue.dispose();
    if (registry.get(key) === entry) registry.delete(key);
    return true;
  };
  // Checked after the current commit: a screen re-mounting at once (React's strict mode does) keeps it.
  setTimeout(() => {
    if (closeWhenDone()) return;
    const unsubscribe = entry.queue.subscribe(() => {
      if (closeWhenDone()) unsubscribe();
    });
  }, 0);
}

function acquire<V, R>(
  key: string,
  isValue: (value: unknown) => value is V,
  handlers: AutosaveHandlers<V, R>,
  options: AutosaveOptions<V>,
): RegistryEntry {
  installWindowListeners();
  const existing = registry.get(key);
  if (existing) return existing;
  const entry: RegistryEntry = {
    handlers,
    users: 0,
    queue: null as unknown as AutosaveQueue<V, R>,
  };
  entry.queue = new AutosaveQueue<V, R>({
    store: options.store ?? sharedBrowserStore(),
    key,
    isValue,
    merge: options.merge,
    timers: options.timers,
    now: options.now,
    send: (entries, signal) => entry.handlers.send(entries, signal),
    onSaved: (result, sent) => entry.handlers.onSaved?.(result, sent),
    onBlocked: (failure) => entry.handlers.onBlocked?.(failure),
  });
  registry.set(key, entry);
  return entry;
}

/**
 * The autosave queue of one outbox key, shared by every component showing it, without following its changes:
 * the parts that show the outbox follow it themselves (`useAutosaveSelection`), so a keystroke does not
 * render the whole screen. `handlers` may change on every render; the queue always calls the latest.
 */
export function useAutosaveQueue<V, R>(
  key: string,
  isValue: (value: unknown) => value is V,
  handlers: AutosaveHandlers<V, R>,
  options: AutosaveOptions<V> = {},
): AutosaveQueue<V, R> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one queue per key; handlers are refreshed below.
  const entry = useMemo(() => acquire(key, isValue, handlers, options), [key]);
  useLayoutEffect(() => {
    entry.handlers = handlers;
  });
  useEffect(() => {
    entry.users += 1;
    return () => release(key);
  }, [entry, key]);
  return entry.queue as AutosaveQueue<V, R>;
}

/** The autosave queue of one outbox key with its live snapshot: the component renders on every change. */
export function useAutosave<V, R>(
  key: string,
  isValue: (value: unknown) => value is V,
  handlers: AutosaveHandlers<V, R>,
  options: AutosaveOptions<V> = {},
): { queue: AutosaveQueue<V, R>; snapshot: AutosaveSnapshot<V> } {
  const queue = useAutosaveQueue(key, isValue, handlers, options);
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, snapshot };
}

/** Whether any screen of this page still has edits that are not on the server. */
export function pageHasUnsavedEdits(): boolean {
  return hasUnsavedEdits();
}
