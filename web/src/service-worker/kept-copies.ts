import { applyItemsUpdates, isKeptItemsUpdate, isReadOf, type KeptItemsUpdate } from './kept-read-updates.ts';
import {
  CACHED_AT_HEADER,
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

/** What the page hands on, in the order it read or saved: fresh answers, and saves to write into them. */
export type KeptChange = KeptCopy | KeptItemsUpdate;

/** The page's message that hands copies to the worker, their bodies transferred. */
export const KEEP_COPIES_MESSAGE = 'parstock:keep-copies';

export interface KeepCopiesMessage {
  type: typeof KEEP_COPIES_MESSAGE;
  copies: KeptChange[];
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

/**
 * Writes saves of one café and read, answered for the same person, into every kept copy of that read (decision
 * 074): read, changed and put back once for all of them, with the time of the read it was.
 */
async function updateKeptReads(caches: CacheStorage, updates: readonly KeptItemsUpdate[]): Promise<void> {
  const [first] = updates;
  if (!first) return;
  const { reader, path, locationId } = first;
  if ((await readerIdentity(caches).current()) !== reader) return;
  const cache = await caches.open(CAFE_CACHE);
  // Keys start with the reader's id (`readCacheKey`), so another person's copies are never touched.
  const prefix = readCacheKey(new URL('/', globalThis.location?.href), reader);
  for (const key of await cache.keys()) {
    const url = new URL(key.url);
    if (!key.url.startsWith(prefix) || !isReadOf(url, path, locationId)) continue;
    const kept = await cache.match(key);
    if (kept?.status !== 200) continue;
    const read: unknown = await kept.json();
    if (!applyItemsUpdates(read, updates)) continue;
    const cachedAt = new Date(kept.headers.get(CACHED_AT_HEADER) ?? Date.now());
    await cache.put(key, keptAnswer(JSON.stringify(read), 200, cachedAt));
  }
}

/**
 * Writes copies and saves one after another, in the order the page had them; saves of one café and read that
 * follow each other are written together. One that cannot be written (storage full) only means less is kept.
 */
export async function writeKeptCopies(caches: CacheStorage, changes: readonly KeptChange[]): Promise<void> {
  const warn = (error: unknown) => console.warn('An offline copy was not kept', error);
  for (let at = 0; at < changes.length; ) {
    const change = changes[at] as KeptChange;
    if (!isKeptItemsUpdate(change)) {
      await writeKeptCopy(caches, change).catch(warn);
      at += 1;
      continue;
    }
    const run: KeptItemsUpdate[] = [];
    for (let next = changes[at]; isKeptItemsUpdate(next); next = changes[at]) {
      const same =
        next.reader === change.reader && next.path === change.path && next.locationId === change.locationId;
      if (!same) break;
      run.push(next);
      at += 1;
    }
    await updateKeptReads(caches, run).catch(warn);
  }
}
