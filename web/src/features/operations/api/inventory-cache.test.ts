import { describe, expect, test } from 'bun:test';
import type { InventoryItem, InventoryResponse } from '@engine/api-schemas.ts';
import { INVENTORY_ITEM_DEFAULTS } from '@engine/compact-inventory.ts';
import type { CountItemStateResponse } from '@engine/counting-schemas.ts';
import { QueryClient } from '@tanstack/react-query';
import { inventoryQueryKey } from '@web/lib/shared-reads/inventory.ts';
import { followCountItemsOfOtherTabs, mergeCountItems } from './inventory-cache.ts';

const LOCATION = 7;

function item(productId: number): InventoryItem {
  return { ...INVENTORY_ITEM_DEFAULTS, productId, productName: `Product ${productId}`, par: 2 };
}

function stored(productId: number, count: number, typedAt: string): CountItemStateResponse {
  return {
    productId,
    count,
    confirmed: false,
    editedAfterConfirm: false,
    typedAt,
    countedAt: typedAt,
    countedBy: 'Lee Chen',
  };
}

function cachedInventory(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData<InventoryResponse>(inventoryQueryKey(LOCATION), {
    locationId: LOCATION,
    countSession: null,
    items: [item(1), item(2)],
  });
  return queryClient;
}

const countOf = (queryClient: QueryClient, productId: number) =>
  queryClient
    .getQueryData<InventoryResponse>(inventoryQueryKey(LOCATION))
    ?.items.find((one) => one.productId === productId)?.count;

describe('count saves merged into the cached inventory', () => {
  test('a late answer does not bring back a value older than the one shown', () => {
    const queryClient = cachedInventory();
    mergeCountItems(queryClient, LOCATION, null, [stored(1, 101, '2026-12-06T10:00:00.300Z')]);
    mergeCountItems(queryClient, LOCATION, null, [
      stored(1, 100, '2026-12-06T10:00:00.000Z'),
      stored(2, 4, '2026-12-06T10:00:00.000Z'),
    ]);
    expect(countOf(queryClient, 1)).toBe(101);
    expect(countOf(queryClient, 2)).toBe(4);
    // A newer value, and a clear (nothing typed), are taken.
    mergeCountItems(queryClient, LOCATION, null, [stored(1, 102, '2026-12-06T10:00:01.000Z')]);
    mergeCountItems(queryClient, LOCATION, null, [{ ...stored(2, 0, ''), count: null, typedAt: null }]);
    expect(countOf(queryClient, 1)).toBe(102);
    expect(countOf(queryClient, 2)).toBeNull();
  });

  test("another tab's answer is shown here, and this tab's answers are handed to the other tabs", async () => {
    const queryClient = cachedInventory();
    followCountItemsOfOtherTabs(queryClient);
    const otherTab = new BroadcastChannel('parstock:count-saves');
    try {
      const heard = new Promise<unknown>((resolve) => {
        otherTab.onmessage = (event) => resolve(event.data);
      });
      mergeCountItems(queryClient, LOCATION, null, [stored(2, 3, '2026-12-06T10:00:00.000Z')]);
      expect(await heard).toEqual({
        locationId: LOCATION,
        session: null,
        items: [stored(2, 3, '2026-12-06T10:00:00.000Z')],
      });

      otherTab.postMessage({
        locationId: LOCATION,
        session: null,
        items: [stored(1, 9, '2026-12-06T10:00:00.000Z')],
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(countOf(queryClient, 1)).toBe(9);
      // An answer about another café changes nothing here.
      otherTab.postMessage({
        locationId: 8,
        session: null,
        items: [stored(1, 5, '2026-12-06T11:00:00.000Z')],
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(countOf(queryClient, 1)).toBe(9);
    } finally {
      otherTab.close();
    }
  });
});
