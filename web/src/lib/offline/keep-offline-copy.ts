import {
  CURRENT_USER_PATH,
  KEEP_COPIES_MESSAGE,
  type KeepCopiesMessage,
  type KeptCopy,
  writeKeptCopies,
} from '@web/service-worker/kept-copies.ts';
import { isKeptAnswer, offlineCacheFor } from '@web/service-worker/offline-reads.ts';
import { userIdIn } from '@web/service-worker/reader-identity.ts';

/*
 * The page keeps the copies the service worker answers from with no network (decision 073). It already holds
 * each answer's bytes (`call()` reads them whole), so a copy costs it a message to the worker, sent when the page
 * is idle or leaving; a worker that copied each answer on its way to the page held every read of a start behind
 * its copying (at 20,000 products the café's inventory reached the page 900 ms after it was asked for, 160 ms with
 * no copying).
 */

/** Copies waiting for an idle moment, by address: a read answered again before then is kept once. */
const pending = new Map<string, KeptCopy>();
/** Who this page's answers are for, as its session read last said; null before it has, and after a sign-out. */
let reader: number | null = null;

let scheduled = false;
let writing: Promise<void> = Promise.resolve();

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 200);
}

/**
 * Hands the waiting copies on: to the worker that controls the page (it writes them in its own thread and
 * outlives a reload), or, with none, writes them from the page.
 */
function flush(): void {
  scheduled = false;
  if (pending.size === 0) return;
  const copies = [...pending.values()];
  pending.clear();
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller;
  if (worker) {
    const message: KeepCopiesMessage = { type: KEEP_COPIES_MESSAGE, copies };
    const bodies = copies.flatMap((copy) => (copy.body instanceof ArrayBuffer ? [copy.body] : []));
    worker.postMessage(message, bodies);
    return;
  }
  const caches = globalThis.caches;
  writing = writing.then(() => writeKeptCopies(caches, copies));
}

let leavingWatched = false;

/** A page that is closed or reloaded before it was idle hands its copies on as it goes. */
function watchLeaving(): void {
  if (leavingWatched || typeof addEventListener !== 'function') return;
  leavingWatched = true;
  addEventListener('pagehide', flush);
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
  pending.set(address.href, { reader, url: address.href, status, body, receivedAt: Date.now() });
  watchLeaving();
  if (scheduled) return;
  scheduled = true;
  whenIdle(flush);
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
