import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { fetchActiveCountCompletion } from '@web/features/operations/api/active-count-completion.ts';
import { isKeepCopiesMessage, type KeepCopiesMessage } from '@web/service-worker/kept-copies.ts';
import {
  CACHED_AT_HEADER,
  CAFE_CACHE,
  CAFE_READS_KEPT,
  PERSON_CACHE,
  READER_CACHE,
  READER_KEY,
} from '@web/service-worker/offline-reads.ts';
import { readerIdentity } from '@web/service-worker/reader-identity.ts';
import { createFakeCacheStorage } from '@web-test/fake-cache-storage.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { call } from '../api-client.ts';
import {
  dropPendingOfflineCopies,
  pendingOfflineCopies,
  writeOfflineCopiesNow,
} from './keep-offline-copy.ts';
import { clearOfflineReads } from './offline-caches.ts';
import { resetCachedReads } from './reads-from-cache.ts';

let caches: ReturnType<typeof createFakeCacheStorage>;
const origin = () => new URL(globalThis.location.href).origin;
const keyOf = (reader: number, path: string) => `${origin()}/__parstock/reads/${reader}${path}`;

beforeEach(() => {
  caches = createFakeCacheStorage();
  (globalThis as { caches?: CacheStorage }).caches = caches;
});

afterEach(() => {
  dropPendingOfflineCopies();
  resetCachedReads();
  delete (globalThis as { caches?: CacheStorage }).caches;
});

async function keptBody(
  cache: string,
  key: string,
): Promise<{ status: number; text: string; at: string | null }> {
  const kept = await (await caches.open(cache)).match(key);
  if (!kept) throw new Error(`nothing kept under ${key}`);
  return { status: kept.status, text: await kept.text(), at: kept.headers.get(CACHED_AT_HEADER) };
}

describe('the copies the page keeps for offline use (decision 073)', () => {
  test("a fresh answer is kept under its reader's key, as it came, with the time it came", async () => {
    await readerIdentity(caches).learn(7);
    const inventory = { locationId: 4, countSession: null, items: [] };
    installFakeFetch(() => json(inventory));
    const before = Date.now();
    await call(referenceEndpoints.inventory, { query: { locationId: 4 } });
    // The copy waits for an idle moment: nothing is written on the answer's way to the screen.
    expect(caches.entries(CAFE_CACHE)).toEqual([]);
    expect(pendingOfflineCopies()).toBe(1);

    await writeOfflineCopiesNow();
    const kept = await keptBody(CAFE_CACHE, keyOf(7, '/api/inventory?locationId=4'));
    expect(kept.status).toBe(200);
    expect(JSON.parse(kept.text)).toEqual(inventory);
    expect(Date.parse(kept.at ?? '')).toBeGreaterThanOrEqual(before - 1);
  });

  test('an answer the worker served from a copy is not kept again (its time would become now)', async () => {
    await readerIdentity(caches).learn(7);
    installFakeFetch(() =>
      json(
        { locationId: 4, countSession: null, items: [] },
        { headers: { [CACHED_AT_HEADER]: '2026-11-25T14:05:00.000Z' } },
      ),
    );
    await call(referenceEndpoints.inventory, { query: { locationId: 4 } }).catch(() => undefined);
    expect(pendingOfflineCopies()).toBe(0);
  });

  test("the session's answer names the reader; another person's copies go before theirs are kept", async () => {
    await readerIdentity(caches).learn(7);
    await (await caches.open(PERSON_CACHE)).put(keyOf(7, '/api/products'), new Response('[]'));
    installFakeFetch((url) => (url === '/api/auth/user' ? json({ ...signedInManager, id: 8 }) : json([])));
    await call(sessionEndpoints.currentUser, {});
    await call(referenceEndpoints.products, {});
    await writeOfflineCopiesNow();

    expect(await readerIdentity(caches).current()).toBe(8);
    expect(caches.entries(PERSON_CACHE).sort()).toEqual(
      [keyOf(8, '/api/auth/user'), keyOf(8, '/api/products')].sort(),
    );
  });

  test('with no reader known, nothing is kept', async () => {
    installFakeFetch(() => json([]));
    await call(referenceEndpoints.products, {}).catch(() => undefined);
    await writeOfflineCopiesNow();
    expect(caches.names().filter((name) => caches.entries(name).length > 0)).toEqual([]);
  });

  test('"no completed count" (404) is kept for the count screen; other refusals are not', async () => {
    await readerIdentity(caches).learn(7);
    const notFound = { code: 'not_found', message: 'No active count completion.' };
    installFakeFetch((url) =>
      url.endsWith('/active/4')
        ? json(notFound, { status: 404 })
        : json({ code: 'forbidden', message: 'No.' }, { status: 403 }),
    );
    expect(await fetchActiveCountCompletion(4)).toBeNull();
    await fetchActiveCountCompletion(5).catch(() => undefined);
    await writeOfflineCopiesNow();

    expect(caches.entries(CAFE_CACHE)).toEqual([keyOf(7, '/api/count-completions/active/4')]);
    const kept = await keptBody(CAFE_CACHE, keyOf(7, '/api/count-completions/active/4'));
    expect(kept.status).toBe(404);
    expect(JSON.parse(kept.text)).toEqual(notFound);
  });

  test(`a café's reads are kept for the ${CAFE_READS_KEPT} latest; the oldest go first, a read again is the newest`, async () => {
    await readerIdentity(caches).learn(7);
    installFakeFetch((url) =>
      json({
        locationId: Number(new URL(url, origin()).searchParams.get('locationId')),
        countSession: null,
        items: [],
      }),
    );
    const read = (id: number) =>
      call(referenceEndpoints.inventory, { query: { locationId: id } }).catch(() => undefined);
    for (let id = 1; id <= CAFE_READS_KEPT; id++) await read(id);
    await writeOfflineCopiesNow();
    await read(1);
    await read(CAFE_READS_KEPT + 1);
    await writeOfflineCopiesNow();

    const kept = caches.entries(CAFE_CACHE);
    expect(kept).toHaveLength(CAFE_READS_KEPT);
    expect(kept.some((key) => key.includes('locationId=2&'))).toBe(false);
    expect(kept.slice(-2).map((key) => new URL(key).searchParams.get('locationId'))).toEqual([
      '1',
      String(CAFE_READS_KEPT + 1),
    ]);
  });

  test('signing out drops the copies not written yet with the kept ones', async () => {
    await readerIdentity(caches).learn(7);
    installFakeFetch(() => json([]));
    await call(referenceEndpoints.products, {}).catch(() => undefined);
    expect(pendingOfflineCopies()).toBe(1);
    await clearOfflineReads();
    expect(pendingOfflineCopies()).toBe(0);
    await writeOfflineCopiesNow();
    expect(await (await caches.open(READER_CACHE)).match(READER_KEY)).toBeUndefined();
    expect(caches.entries(PERSON_CACHE)).toEqual([]);
  });

  test('with a worker in control the copies go to it, their bytes handed over; a page that leaves hands them on at once', async () => {
    const posted: { message: unknown; transfer: Transferable[] }[] = [];
    const controller = {
      postMessage: (message: unknown, transfer: Transferable[]) => posted.push({ message, transfer }),
    };
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });
    try {
      await readerIdentity(caches).learn(7);
      installFakeFetch(() => json({ locationId: 4, countSession: null, items: [] }));
      await call(referenceEndpoints.inventory, { query: { locationId: 4 } });
      expect(posted).toEqual([]);

      dispatchEvent(new Event('pagehide'));
      expect(pendingOfflineCopies()).toBe(0);
      expect(posted).toHaveLength(1);
      const { message, transfer } = posted[0] ?? { message: null, transfer: [] };
      expect(isKeepCopiesMessage(message)).toBe(true);
      const [copy] = (message as KeepCopiesMessage).copies;
      expect(copy?.url).toBe(`${origin()}/api/inventory?locationId=4`);
      expect(transfer).toEqual([copy?.body as ArrayBuffer]);
      // The worker writes them: the page wrote nothing itself.
      await writeOfflineCopiesNow();
      expect(caches.entries(CAFE_CACHE)).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
