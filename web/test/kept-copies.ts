import { afterEach, beforeEach } from 'bun:test';
import type { CountItemStateResponse } from '@engine/counting-schemas.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { call } from '@web/lib/api-client.ts';
import { dropPendingOfflineCopies, writeOfflineCopiesNow } from '@web/lib/offline/keep-offline-copy.ts';
import { offlineCopiesTaken } from '@web/lib/offline/offline-copies-later.ts';
import { resetCachedReads } from '@web/lib/offline/reads-from-cache.ts';
import { CACHED_AT_HEADER } from '@web/service-worker/offline-reads.ts';
import { createFakeCacheStorage } from './fake-cache-storage.ts';
import { installFakeFetch, json } from './fake-fetch.ts';
import { signedInManager } from './fixtures.ts';

/** The page's origin, as the kept copies' keys carry it. */
export const origin = () => new URL(globalThis.location.href).origin;

/** The key a read of `path` is kept under for `reader` (`readCacheKey`). */
export const keyOf = (reader: number, path: string) => `${origin()}/__parstock/reads/${reader}${path}`;

/**
 * The server as the page sees it: the session read answers `reader` (and the page keeps that answer, which names
 * whose the next copies are), every other read `answer(url)`.
 */
export async function signedInAs(
  reader: number,
  answer: (url: string) => Response = () => json([]),
): Promise<void> {
  installFakeFetch((url) =>
    url === '/api/auth/user' ? json({ ...signedInManager, id: reader }) : answer(url),
  );
  await call(sessionEndpoints.currentUser, {});
  await offlineCopiesTaken();
  await writeOfflineCopiesNow();
}

/** A kept answer's status, body and time, or an error when nothing is kept under `key`. */
export async function keptBody(
  caches: CacheStorage,
  cache: string,
  key: string,
): Promise<{ status: number; text: string; at: string | null }> {
  const kept = await (await caches.open(cache)).match(key);
  if (!kept) throw new Error(`nothing kept under ${key}`);
  return { status: kept.status, text: await kept.text(), at: kept.headers.get(CACHED_AT_HEADER) };
}

/**
 * Gives every test of the file a fresh Cache Storage as `caches`, and forgets afterwards what the page had not
 * handed on yet and which reads it answered from copies. Returns the current test's storage.
 */
export function freshCachesEachTest(): () => ReturnType<typeof createFakeCacheStorage> {
  let caches = createFakeCacheStorage();
  beforeEach(() => {
    caches = createFakeCacheStorage();
    (globalThis as { caches?: CacheStorage }).caches = caches;
  });
  afterEach(() => {
    dropPendingOfflineCopies();
    resetCachedReads();
    delete (globalThis as { caches?: CacheStorage }).caches;
  });
  return () => caches;
}

/** A count item as a save answers it: `count` typed at `typedAt` by Aisha Patel, not confirmed. */
export const countedItem = (
  productId: number,
  count: number | null,
  typedAt: string | null,
): CountItemStateResponse => ({
  productId,
  count,
  confirmed: false,
  editedAfterConfirm: false,
  typedAt,
  countedAt: typedAt,
  countedBy: 'Aisha Patel',
});
