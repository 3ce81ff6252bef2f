import { afterEach, describe, expect, test } from 'bun:test';
import type { CountSession, ParState } from '@engine/counting-schemas.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { QueryClient } from '@tanstack/react-query';
import { mergeCountItems, mergeParStates } from '@web/features/operations/api/inventory-cache.ts';
import { isKeepCopiesMessage, type KeepCopiesMessage } from '@web/service-worker/kept-copies.ts';
import { CAFE_CACHE } from '@web/service-worker/offline-reads.ts';
import { readerIdentity } from '@web/service-worker/reader-identity.ts';
import { json } from '@web-test/fake-fetch.ts';
import { countedItem, freshCachesEachTest, keptBody, keyOf, signedInAs } from '@web-test/kept-copies.ts';
import { call } from '../api-client.ts';
import {
  dropPendingOfflineCopies,
  pendingOfflineCopies,
  writeOfflineCopiesNow,
} from './keep-offline-copy.ts';
import { offlineCopiesTaken } from './offline-copies-later.ts';

const cachesNow = freshCachesEachTest();
const queryClient = new QueryClient();

afterEach(() => queryClient.clear());

const SESSION: CountSession = {
  id: 11,
  startedAt: '2026-12-04T08:00:00.000000Z',
  startedBy: 'Aisha Patel',
  clearedAt: null,
};

/** The café's inventory as the server answers it: product 1 counted 10 at 09:00, product 2 with a PAR of `par`. */
const inventoryAnswer =
  (par = 6) =>
  (url: string) =>
    json({
      locationId: Number(new URL(url, 'http://x').searchParams.get('locationId')),
      countSession: SESSION,
      items: [
        { productId: 1, productName: 'Oat milk', count: 10, typedAt: '2026-12-04T09:00:00.000000Z' },
        { productId: 2, productName: 'Cups', par },
      ],
    });

const stored = (count: number, typedAt: string) => countedItem(1, count, typedAt);

const parState = (par: number): ParState => ({
  productId: 2,
  productName: 'Cups',
  par,
  parLocked: false,
  parLockedBy: null,
  parLockedAt: null,
  lifecycle: 'active',
  stockStatus: 'in_stock',
  backordered: false,
  updatedAt: '2026-12-04T09:30:00.000Z',
  updatedBy: null,
});

const readInventory = (locationId = 4) => call(referenceEndpoints.inventory, { query: { locationId } });

async function keptInventory(reader: number, locationId = 4) {
  const kept = await keptBody(
    cachesNow(),
    CAFE_CACHE,
    keyOf(reader, `/api/inventory?locationId=${locationId}`),
  );
  return { ...kept, body: JSON.parse(kept.text) as { items: Record<string, unknown>[] } };
}

async function handOn(): Promise<void> {
  await offlineCopiesTaken();
  await writeOfflineCopiesNow();
}

describe("the kept inventory follows the page's saves (decision 074)", () => {
  test('a count saved after the read shows in the kept copy, which keeps the time of its read', async () => {
    await signedInAs(7, inventoryAnswer());
    await readInventory();
    await handOn();
    const read = await keptInventory(7);

    mergeCountItems(queryClient, 4, SESSION, [stored(80, '2026-12-04T09:40:00.000000Z')]);
    await handOn();
    const after = await keptInventory(7);
    expect(after.body.items[0]).toMatchObject({
      productId: 1,
      count: 80,
      typedAt: '2026-12-04T09:40:00.000000Z',
    });
    expect(after.body.items[1]).toEqual({ productId: 2, productName: 'Cups', par: 6 });
    expect(after.at).toBe(read.at);
  });

  test("a PAR saved after the read shows in the kept copy; another café's copy is left as it was", async () => {
    await signedInAs(7, inventoryAnswer());
    await readInventory(4);
    await readInventory(5);
    mergeParStates(queryClient, 4, [parState(9)]);
    await handOn();
    expect((await keptInventory(7, 4)).body.items[1]).toMatchObject({ par: 9, parLocked: false });
    expect((await keptInventory(7, 5)).body.items[1]).toEqual({ productId: 2, productName: 'Cups', par: 6 });
  });

  test('a read answered after a save is kept after it: the newest answer is what stays', async () => {
    let par = 6;
    await signedInAs(7, (url) => inventoryAnswer(par)(url));
    await readInventory();
    mergeParStates(queryClient, 4, [parState(7)]);
    par = 8;
    await readInventory();
    await handOn();
    expect((await keptInventory(7)).body.items[1]).toMatchObject({ par: 8 });
  });

  test("saves are never written into another person's copies, nor kept once nobody is signed in", async () => {
    await signedInAs(7, inventoryAnswer());
    await readInventory();
    await handOn();
    mergeCountItems(queryClient, 4, SESSION, [stored(80, '2026-12-04T09:40:00.000000Z')]);
    await offlineCopiesTaken();
    // Another person signed in on this device before the save was handed on; a copy of the first person's is
    // still there (their copies are dropped as the next person signs in, but a write could race with that).
    await readerIdentity(cachesNow()).learn(8);
    await (await cachesNow().open(CAFE_CACHE)).put(
      keyOf(7, '/api/inventory?locationId=4'),
      inventoryAnswer()('/api/inventory?locationId=4'),
    );
    await writeOfflineCopiesNow();
    expect((await keptInventory(7)).body.items[0]).toMatchObject({ count: 10 });

    dropPendingOfflineCopies();
    mergeCountItems(queryClient, 4, SESSION, [stored(81, '2026-12-04T09:41:00.000000Z')]);
    await offlineCopiesTaken();
    expect(pendingOfflineCopies()).toBe(0);
  });

  test('a save alone waits for the next ones, and is handed on as soon as the page goes to the background', async () => {
    await signedInAs(7, inventoryAnswer());
    await readInventory();
    await handOn();
    mergeCountItems(queryClient, 4, SESSION, [stored(80, '2026-12-04T09:40:00.000000Z')]);
    await offlineCopiesTaken();
    await Bun.sleep(250);
    expect(pendingOfflineCopies()).toBe(1);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      expect(pendingOfflineCopies()).toBe(0);
      await writeOfflineCopiesNow();
      expect((await keptInventory(7)).body.items[0]).toMatchObject({ count: 80 });
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  test('with a worker in control, the save goes to it in the same message, after the read it follows', async () => {
    await signedInAs(7, inventoryAnswer());
    const posted: unknown[] = [];
    const controller = { postMessage: (message: unknown) => posted.push(message) };
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });
    try {
      await readInventory();
      mergeCountItems(queryClient, 4, SESSION, [stored(80, '2026-12-04T09:40:00.000000Z')]);
      await handOn();
      expect(posted).toHaveLength(1);
      const message = posted[0];
      expect(isKeepCopiesMessage(message)).toBe(true);
      const [copy, saved] = (message as KeepCopiesMessage).copies;
      expect(copy && 'url' in copy ? copy.url : null).toEndWith('/api/inventory?locationId=4');
      expect(saved).toMatchObject({ kind: 'items', reader: 7, locationId: 4, session: { id: 11 } });
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
