import { afterEach, describe, expect, test } from 'bun:test';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { CACHED_AT_HEADER, PERSON_CACHE, READER_CACHE } from '@web/service-worker/offline-reads.ts';
import { createFakeCacheStorage } from '@web-test/fake-cache-storage.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { call } from './api-client.ts';
import { cachedReadPaths, resetCachedReads } from './offline/reads-from-cache.ts';
import { createQueryClient } from './query-client.ts';
import { inventoryQueryKey, inventoryQueryOptions } from './shared-reads/inventory.ts';

const kept = { [CACHED_AT_HEADER]: '2026-11-25T14:05:00.000Z' };

afterEach(() => {
  resetCachedReads();
  delete (globalThis as { caches?: CacheStorage }).caches;
});

describe('the API client and the offline cache', () => {
  test('an answer the service worker served from its cache is noted with its time; a fresh one clears it', async () => {
    let fromCache = true;
    installFakeFetch(() => json([], { headers: fromCache ? kept : {} }));
    await call(referenceEndpoints.products, {});
    expect(cachedReadPaths()).toEqual(['/api/products']);
    fromCache = false;
    await call(referenceEndpoints.products, {});
    expect(cachedReadPaths()).toEqual([]);
  });

  test("the inventory is asked compact; its kept answer is noted under the inventory's key, which is asked again", async () => {
    const calls = installFakeFetch(() =>
      json({ locationId: 4, countSession: null, items: [] }, { headers: kept }),
    ).calls;
    const client = createQueryClient();
    await client.fetchQuery(inventoryQueryOptions(4));
    expect(calls.map((one) => one.url)).toEqual(['/api/inventory?locationId=4&shape=compact']);
    expect(cachedReadPaths()).toEqual(['/api/inventory']);
    expect(inventoryQueryKey(4)[0]).toBe('/api/inventory');
  });

  test('a 401 empties the offline caches: nothing of the last person may be shown again', async () => {
    const caches = createFakeCacheStorage();
    (globalThis as { caches?: CacheStorage }).caches = caches;
    await (await caches.open(PERSON_CACHE)).put(
      'http://x/__parstock/reads/7/api/products',
      new Response('[]'),
    );
    await (await caches.open(READER_CACHE)).put('http://x/__parstock/reader', new Response('7'));
    installFakeFetch(() => json({ code: 'unauthorized', message: 'Sign in.' }, { status: 401 }));

    expect(await call(sessionEndpoints.currentUser, {}, { on401: 'returnNull' })).toBeNull();
    expect(await caches.keys()).toEqual([]);
  });
});
