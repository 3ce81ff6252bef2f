import { describe, expect, test } from 'bun:test';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { fetchActiveCountCompletion } from '@web/features/operations/api/active-count-completion.ts';
import {
  isKeepCopiesMessage,
  type KeepCopiesMessage,
  type KeptCopy,
} from '@web/service-worker/kept-copies.ts';
import {
  CACHED_AT_HEADER,
  CAFE_CACHE,
  CAFE_READS_KEPT,
  PERSON_CACHE,
  READER_CACHE,
  READER_KEY,
} from '@web/service-worker/offline-reads.ts';
import { readerIdentity } from '@web/service-worker/reader-identity.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import {
  freshCachesEachTest,
  keptBody as keptBodyIn,
  keyOf,
  origin,
  signedInAs,
} from '@web-test/kept-copies.ts';
import { call } from '../api-client.ts';
import { confirmedReadsOf, rememberConfirmedLocation } from '../storage/confirmed-location.ts';
import { pendingOfflineCopies, writeOfflineCopiesNow } from './keep-offline-copy.ts';
import { clearOfflineReads } from './offline-caches.ts';

const cachesNow = freshCachesEachTest();

const emptyInventory = (url: string) =>
  json({
    locationId: Number(new URL(url, origin()).searchParams.get('locationId')),
    countSession: null,
    items: [],
  });

const keptBody = (cache: string, key: string) => keptBodyIn(cachesNow(), cache, key);

describe('the copies the page keeps for offline use (decision 073)', () => {
  test("a fresh answer is kept under its reader's key, as it came, with the time it came", async () => {
    await signedInAs(7, emptyInventory);
    expect(await readerIdentity(cachesNow()).current()).toBe(7);
    const before = Date.now();
    await call(referenceEndpoints.inventory, { query: { locationId: 4 } });
    // The copy waits for an idle moment: nothing is written on the answer's way to the screen.
    expect(cachesNow().entries(CAFE_CACHE)).toEqual([]);
    expect(pendingOfflineCopies()).toBe(1);

    await writeOfflineCopiesNow();
    const kept = await keptBody(CAFE_CACHE, keyOf(7, '/api/inventory?locationId=4'));
    expect(kept.status).toBe(200);
    expect(JSON.parse(kept.text)).toEqual({ locationId: 4, countSession: null, items: [] });
    expect(Date.parse(kept.at ?? '')).toBeGreaterThanOrEqual(before - 1);
    expect(cachesNow().entries(PERSON_CACHE)).toEqual([keyOf(7, '/api/auth/user')]);
  });

  test('an answer the worker served from a copy is not kept again (its time would become now)', async () => {
    await signedInAs(7, () =>
      json(
        { locationId: 4, countSession: null, items: [] },
        { headers: { [CACHED_AT_HEADER]: '2026-11-25T14:05:00.000Z' } },
      ),
    );
    await call(referenceEndpoints.inventory, { query: { locationId: 4 } });
    expect(pendingOfflineCopies()).toBe(0);
  });

  test("the session's answer names the reader; another person's copies go before theirs are kept", async () => {
    await readerIdentity(cachesNow()).learn(7);
    await (await cachesNow().open(PERSON_CACHE)).put(keyOf(7, '/api/products'), new Response('[]'));
    await signedInAs(8);
    await call(referenceEndpoints.products, {});
    await writeOfflineCopiesNow();

    expect(await readerIdentity(cachesNow()).current()).toBe(8);
    expect(cachesNow().entries(PERSON_CACHE).sort()).toEqual(
      [keyOf(8, '/api/auth/user'), keyOf(8, '/api/products')].sort(),
    );
  });

  test('before the page has read its session, nothing is kept', async () => {
    await readerIdentity(cachesNow()).learn(7);
    installFakeFetch(() => json([]));
    await call(referenceEndpoints.products, {});
    expect(pendingOfflineCopies()).toBe(0);
  });

  test('a copy made for one person is never written for the next, even if they signed in before it was', async () => {
    await signedInAs(7);
    await call(referenceEndpoints.products, {});
    // Another person signs in on this device (the worker learns them from their session read) before the copy
    // of the first person's products has left the page.
    await readerIdentity(cachesNow()).learn(8);
    await writeOfflineCopiesNow();
    expect(cachesNow().entries(PERSON_CACHE)).toEqual([]);
  });

  test('"no completed count" (404) is kept for the count screen; other refusals are not', async () => {
    const notFound = { code: 'not_found', message: 'No active count completion.' };
    await signedInAs(7, (url) =>
      url.endsWith('/active/4')
        ? json(notFound, { status: 404 })
        : json({ code: 'forbidden', message: 'No.' }, { status: 403 }),
    );
    expect(await fetchActiveCountCompletion(4)).toBeNull();
    await fetchActiveCountCompletion(5).catch(() => undefined);
    await writeOfflineCopiesNow();

    expect(cachesNow().entries(CAFE_CACHE)).toEqual([keyOf(7, '/api/count-completions/active/4')]);
    const kept = await keptBody(CAFE_CACHE, keyOf(7, '/api/count-completions/active/4'));
    expect(kept.status).toBe(404);
    expect(JSON.parse(kept.text)).toEqual(notFound);
  });

  test(`a café's reads are kept for the ${CAFE_READS_KEPT} latest; the oldest go first, a read again is the newest`, async () => {
    await signedInAs(7, emptyInventory);
    const read = (id: number) => call(referenceEndpoints.inventory, { query: { locationId: id } });
    for (let id = 1; id <= CAFE_READS_KEPT; id++) await read(id);
    await writeOfflineCopiesNow();
    await read(1);
    await read(CAFE_READS_KEPT + 1);
    await writeOfflineCopiesNow();

    const kept = cachesNow().entries(CAFE_CACHE);
    expect(kept).toHaveLength(CAFE_READS_KEPT);
    expect(kept.some((key) => key.endsWith('locationId=2'))).toBe(false);
    expect(kept.slice(-2).map((key) => new URL(key).searchParams.get('locationId'))).toEqual([
      '1',
      String(CAFE_READS_KEPT + 1),
    ]);
  });

  test('signing out drops the copies not written yet with the kept ones, and whose the next ones would be', async () => {
    await signedInAs(7);
    await call(referenceEndpoints.products, {});
    expect(pendingOfflineCopies()).toBe(1);
    rememberConfirmedLocation(7, 3, ['/api/products?shape=compact']);
    await clearOfflineReads();
    expect(pendingOfflineCopies()).toBe(0);
    // Nor does the next start send the café's reads for whoever signed out (decision 080).
    expect(confirmedReadsOf(3)).toEqual([]);
    await writeOfflineCopiesNow();
    expect(await (await cachesNow().open(READER_CACHE)).match(READER_KEY)).toBeUndefined();
    expect(cachesNow().entries(PERSON_CACHE)).toEqual([]);
    // Until the page reads a session again, nothing it reads is kept.
    await call(referenceEndpoints.products, {});
    expect(pendingOfflineCopies()).toBe(0);
  });

  test('with a worker in control the copies go to it, their bytes handed over; a page that leaves hands them on at once', async () => {
    await signedInAs(7, emptyInventory);
    const posted: { message: unknown; transfer: Transferable[] }[] = [];
    const controller = {
      postMessage: (message: unknown, transfer: Transferable[]) => posted.push({ message, transfer }),
    };
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });
    try {
      await call(referenceEndpoints.inventory, { query: { locationId: 4 } });
      expect(posted).toEqual([]);

      dispatchEvent(new Event('pagehide'));
      expect(pendingOfflineCopies()).toBe(0);
      expect(posted).toHaveLength(1);
      const { message, transfer } = posted[0] ?? { message: null, transfer: [] };
      expect(isKeepCopiesMessage(message)).toBe(true);
      const [copy] = (message as KeepCopiesMessage).copies as KeptCopy[];
      expect(copy?.url).toBe(`${origin()}/api/inventory?locationId=4`);
      expect(copy?.reader).toBe(7);
      expect(transfer).toEqual([copy?.body as ArrayBuffer]);
      // The worker writes them: the page wrote nothing itself.
      await writeOfflineCopiesNow();
      expect(cachesNow().entries(CAFE_CACHE)).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
