import {
  CAFE_CACHE,
  CAFE_READS_KEPT,
  isKeptAnswer,
  keptAnswer,
  offlineCacheFor,
  readCacheKey,
} from '@web/service-worker/offline-reads.ts';
import { readerIdentity, userIdOf } from '@web/service-worker/reader-identity.ts';

/*
 * The page keeps the copies the service worker answers from with no network (decision 073). It already holds
 * each answer's bytes (`call()` reads them whole), so a copy costs it one write to Cache Storage, made when the
 * page is idle; a worker that copied each answer on its way to the page held every read of a start behind its
 * copying (at 20,000 products the café's inventory reached the page 900 ms after it was asked for, 160 ms with
 * no copying).
 */

interface PendingCopy {
  url: URL;
  status: number;
  body: ArrayBuffer | string;
  receivedAt: Date;
}

const CURRENT_USER_PATH = '/api/auth/user';

/** Copies waiting for an idle moment, by address: a read answered again before then is copied once. */
const pending = new Map<string, PendingCopy>();
let writing: Promise<void> | null = null;

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 200);
}

/** Drops the oldest café reads over the number kept (a put moves an address to the end of its cache). */
async function keepNewest(cache: Cache, kept: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - kept)).map((key) => cache.delete(key)));
}

async function write(copy: PendingCopy, caches: CacheStorage): Promise<void> {
  const cacheName = offlineCacheFor(copy.url.pathname);
  if (!cacheName) return;
  const identity = readerIdentity(caches);
  // The session's own answer names the reader, as it did for the worker: answers of anybody else go first.
  if (copy.url.pathname === CURRENT_USER_PATH) {
    const id = await userIdOf(new Response(copy.body));
    if (id !== null) await identity.learn(id);
  }
  const reader = await identity.current();
  if (reader === null) return;
  const cache = await caches.open(cacheName);
  await cache.put(readCacheKey(copy.url, reader), keptAnswer(copy.body, copy.status, copy.receivedAt));
  if (cacheName === CAFE_CACHE) await keepNewest(cache, CAFE_READS_KEPT);
}

async function writePending(): Promise<void> {
  const caches = globalThis.caches;
  for (const [key, copy] of pending) {
    pending.delete(key);
    // A copy that cannot be written (storage full, private mode) only means less is kept for offline use.
    await write(copy, caches).catch((error: unknown) => console.warn('An offline copy was not kept', error));
  }
}

function scheduleWriting(): void {
  if (writing) return;
  whenIdle(() => {
    writing = writePending().finally(() => {
      writing = null;
      if (pending.size > 0) scheduleWriting();
    });
  });
}

/**
 * Keeps a fresh answer of a read the offline app needs (`offline-reads.ts`), to be served by the worker once
 * the network is gone. `url` is the address as asked (relative to the page); answers the worker served from a
 * copy never come here.
 */
export function keepOfflineCopy(url: string, status: number, body: ArrayBuffer | string): void {
  if (typeof caches === 'undefined') return;
  const address = new URL(url, globalThis.location?.href);
  if (!isKeptAnswer(address.pathname, status) || offlineCacheFor(address.pathname) === null) return;
  pending.set(address.href, { url: address, status, body, receivedAt: new Date() });
  scheduleWriting();
}

/** Copies not written yet, for tests and sign-out. */
export function pendingOfflineCopies(): number {
  return pending.size;
}

/** Forgets copies not written yet (sign-out: nothing of the last person is kept). */
export function dropPendingOfflineCopies(): void {
  pending.clear();
}

/** Writes every waiting copy now (tests). */
export async function writeOfflineCopiesNow(): Promise<void> {
  await writing;
  await writePending();
}
