import {
  CAFE_CACHE,
  CAFE_READS_KEPT,
  isKeptAnswer,
  keptAnswer,
  offlineCacheFor,
  readCacheKey,
} from './offline-reads.ts';
import { readerIdentity } from './reader-identity.ts';

/*
 * The copies the offline app answers from with no network (decision 073). The page makes them from the bytes it
 * has read; the service worker writes them when it controls the page (it outlives a reload), the page itself when
 * none does. Either way the write is this one.
 */

/**
 * A fresh answer to keep: the person it was answered for, the address asked, its status and body, and when it
 * reached the page (ms).
 */
export interface KeptCopy {
  reader: number;
  url: string;
  status: number;
  body: ArrayBuffer | string;
  receivedAt: number;
}

/** The page's message that hands copies to the worker, their bodies transferred. */
export const KEEP_COPIES_MESSAGE = 'parstock:keep-copies';

export interface KeepCopiesMessage {
  type: typeof KEEP_COPIES_MESSAGE;
  copies: KeptCopy[];
}

export function isKeepCopiesMessage(data: unknown): data is KeepCopiesMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === KEEP_COPIES_MESSAGE &&
    Array.isArray((data as { copies?: unknown }).copies)
  );
}

/** The session's read: its answer names the person every other answer of the page is for. */
export const CURRENT_USER_PATH = '/api/auth/user';

/** Drops the oldest café reads over the number kept (a put moves an address to the end of its cache). */
async function keepNewest(cache: Cache, kept: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - kept)).map((key) => cache.delete(key)));
}

/**
 * Writes one copy under its reader's key. The session's answer names the reader (answers of anybody else are
 * dropped first). A copy made for someone who is no longer the reader (they signed out, another person signed in
 * before it was written) is never kept.
 */
export async function writeKeptCopy(caches: CacheStorage, copy: KeptCopy): Promise<void> {
  const url = new URL(copy.url);
  const cacheName = offlineCacheFor(url.pathname);
  if (!cacheName || !isKeptAnswer(url.pathname, copy.status)) return;
  const identity = readerIdentity(caches);
  if (url.pathname === CURRENT_USER_PATH) await identity.learn(copy.reader);
  if ((await identity.current()) !== copy.reader) return;
  const cache = await caches.open(cacheName);
  await cache.put(
    readCacheKey(url, copy.reader),
    keptAnswer(copy.body, copy.status, new Date(copy.receivedAt)),
  );
  if (cacheName === CAFE_CACHE) await keepNewest(cache, CAFE_READS_KEPT);
}

/** Writes copies one after another; one that cannot be written (storage full) only means less is kept. */
export async function writeKeptCopies(caches: CacheStorage, copies: readonly KeptCopy[]): Promise<void> {
  for (const copy of copies)
    await writeKeptCopy(caches, copy).catch((error: unknown) =>
      console.warn('An offline copy was not kept', error),
    );
}
