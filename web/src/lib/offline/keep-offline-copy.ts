import {
  CURRENT_USER_PATH,
  KEEP_COPIES_MESSAGE,
  type KeepCopiesMessage,
  type KeptChange,
  writeKeptCopies,
} from '@web/service-worker/kept-copies.ts';
import type { KeptItemsUpdate } from '@web/service-worker/kept-read-updates.ts';
import { isKeptAnswer, offlineCacheFor } from '@web/service-worker/offline-reads.ts';
import { userIdIn } from '@web/service-worker/reader-identity.ts';
import { whenIdle } from '../when-idle.ts';

/*
 * The page keeps the copies the service worker answers from with no network (decision 073). It already holds
 * each answer's bytes (`call()` reads them whole), so a copy costs it a message to the worker, sent when the page
 * is idle or leaving; a worker that copied each answer on its way to the page held every read of a start behind
 * its copying (at 20,000 products the café's inventory reached the page 900 ms after it was asked for, 160 ms with
 * no copying).
 */

/**
 * Copies waiting for an idle moment, by address, and saves to write into them, in the order the page had them: a
 * read answered again before then is kept once, in the place of its newest answer.
 */
const pending = new Map<string, KeptChange>();
let savesKept = 0;
/** Who this page's answers are for, as its session read last said; null before it has, and after a sign-out. */
let reader: number | null = null;

let scheduled = false;
/** Saves alone wait this long before they are handed on: each hand-over rewrites the café's whole kept list. */
const SAVES_HANDED_ON_AFTER_MS = 10_000;
let savesTimer: ReturnType<typeof setTimeout> | undefined;
let writing: Promise<void> = Promise.resolve();

/**
 * Hands the waiting copies on: to the worker that controls the page (it writes them in its own thread and
 * outlives a reload), or, with none, writes them from the page.
 */
function flush(): void {
  scheduled = false;
  clearTimeout(savesTimer);
  savesTimer = undefined;
  if (pending.size === 0) return;
  const copies = [...pending.values()];
  pending.clear();
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller;
  if (worker) {
    const message: KeepCopiesMessage = { type: KEEP_COPIES_MESSAGE, copies };
    const bodies = copies.flatMap((copy) =>
      'body' in copy && copy.body instanceof ArrayBuffer ? [copy.body] : [],
    );
    worker.postMessage(message, bodies);
    return;
  }
  const caches = globalThis.caches;
  writing = writing.then(() => writeKeptCopies(caches, copies));
}

let leavingWatched = false;

/**
 * A page that is closed or reloaded before it was idle hands its copies on as it goes; so does one put in the
 * background, which a phone may discard without a `pagehide`.
 */
function watchLeaving(): void {
  if (leavingWatched || typeof addEventListener !== 'function') return;
  leavingWatched = true;
  addEventListener('pagehide', flush);
  globalThis.document?.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

/**
 * Keeps a fresh answer of a read the offline app needs (`offline-reads.ts`). `url` is the address as asked
 * (relative to the page); answers the worker served from a copy never come here. The body is handed over:
 * the caller no longer reads it.
 */
export function keepOfflineCopy(url: string, status: number, body: ArrayBuffer | string): void {
  if (typeof caches === 'undefined') return;
  const address = new URL(url, globalThis.location?.href);
  if (!isKeptAnswer(address.pathname, status) || offlineCacheFor(address.pathname) === null) return;
  if (address.pathname === CURRENT_USER_PATH)
    reader = userIdIn(typeof body === 'string' ? body : new TextDecoder().decode(body));
  // Every copy carries the person it was answered for, so it is never kept for whoever comes next.
  if (reader === null) return;
  pending.delete(address.href);
  pending.set(address.href, { reader, url: address.href, status, body, receivedAt: Date.now() });
  handOnLater();
}

function handOnLater(): void {
  watchLeaving();
  if (scheduled) return;
  scheduled = true;
  // Handed on already (the page left, or a test) by the time it is idle: nothing to do then.
  whenIdle(
    () => {
      if (scheduled) flush();
    },
    { timeout: 2_000, fallbackMs: 200 },
  );
}

/**
 * Keeps what a save of a café's counts, PARs or nightly counts answered, to be written into the kept copies of its
 * inventory or nightly sheet after the copies read before it (decision 074): with no network, the list then shows
 * what the server holds.
 */
export function keepSavedItems(update: Omit<KeptItemsUpdate, 'kind' | 'reader'>): void {
  if (typeof caches === 'undefined' || reader === null || update.items.length === 0) return;
  savesKept += 1;
  pending.set(`saved:${savesKept}`, { kind: 'items', reader, ...update });
  watchLeaving();
  // A copy waiting for an idle moment takes the saves with it; a save alone waits a while for the next ones.
  if (scheduled || savesTimer !== undefined) return;
  savesTimer = setTimeout(() => {
    savesTimer = undefined;
    handOnLater();
  }, SAVES_HANDED_ON_AFTER_MS);
}

/** Copies not handed on yet (tests). */
export function pendingOfflineCopies(): number {
  return pending.size;
}

/** Forgets copies not handed on yet, and whose they were (sign-out, a 401: nothing of that person is kept). */
export function dropPendingOfflineCopies(): void {
  pending.clear();
  reader = null;
}

/** Hands every waiting copy on now and waits for the page's own writes (tests). */
export async function writeOfflineCopiesNow(): Promise<void> {
  flush();
  await writing;
}
