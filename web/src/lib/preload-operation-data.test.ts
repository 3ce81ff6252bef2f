import { describe, expect, spyOn, test } from 'bun:test';
import { INVENTORY_ITEM_DEFAULTS } from '@engine/compact-inventory.ts';
import { PRODUCT_DEFAULTS } from '@engine/compact-products.ts';
import { createQueryClient } from '@web/lib/query-client.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { preloadOperationData } from './preload-operation-data.ts';
import { categoryOrderQueryKey } from './shared-reads/category-order.ts';
import { inventoryQueryKey } from './shared-reads/inventory.ts';
import { productsQueryKey } from './shared-reads/products.ts';

const inventory = { locationId: 7, countSession: null, items: [] };
const categoryOrder = [{ category: 'Dairy', displayOrder: 1 }];

describe('preloadOperationData (requirements §7, §8)', () => {
  test('asks for products, inventory and category order in parallel', async () => {
    const answers: Array<() => void> = [];
    const { calls } = installFakeFetch(
      (url) =>
        new Promise<Response>((resolve) => {
          answers.push(() =>
            resolve(
              json(
                url.startsWith('/api/inventory')
                  ? inventory
                  : url === '/api/products?shape=compact'
                    ? []
                    : categoryOrder,
              ),
            ),
          );
        }),
    );
    const done = preloadOperationData(createQueryClient(), 7);
    await Promise.resolve();
    // All three are on the wire before any has answered.
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/admin/category-order',
      '/api/inventory?locationId=7&shape=compact',
      '/api/products?shape=compact',
    ]);
    for (const answer of answers) answer();
    expect((await done).every((result) => result.ok)).toBe(true);
  });

  test("one failing read is logged as 'Failed to fetch {url}: {status}' and does not stop the others", async () => {
    const logged = spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = installFakeFetch((url) => {
      if (url === '/api/products?shape=compact') return new Response('', { status: 500 });
      return json(url.startsWith('/api/inventory') ? inventory : categoryOrder);
    });
    const client = createQueryClient();
    const results = await preloadOperationData(client, 7);

    expect(results).toEqual([
      { url: '/api/products?shape=compact', ok: false },
      { url: '/api/inventory?locationId=7&shape=compact', ok: true },
      { url: '/api/admin/category-order', ok: true },
    ]);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBe('Failed to fetch /api/products?shape=compact: 500');
    // Not retried during the preload; the screen's own query fetches it again.
    expect(calls.filter((call) => call.url === '/api/products?shape=compact')).toHaveLength(1);
    expect(client.getQueryState(productsQueryKey)?.status).toBe('error');
    expect(client.getQueryData(inventoryQueryKey(7))).toEqual(inventory);
    expect(client.getQueryData(categoryOrderQueryKey)).toEqual(categoryOrder);
  });

  test('the inventory and the products travel compact and are kept whole, with every field', async () => {
    const oatMilk = { id: 1, name: 'Oat Milk', unit: 'carton', cafeOrderCategory: 'Dairy', unitCost: 2 };
    installFakeFetch((url) =>
      json(
        url.startsWith('/api/inventory')
          ? {
              ...inventory,
              items: [
                { productId: 1, productName: 'Oat Milk' },
                { productId: 2, productName: 'Cups', par: 4, count: 0 },
              ],
            }
          : url === '/api/products?shape=compact'
            ? [oatMilk, { ...oatMilk, id: 2, sku: 'OM-2', isDailyCount: true }]
            : categoryOrder,
      ),
    );
    const client = createQueryClient();
    await preloadOperationData(client, 7);
    expect(client.getQueryData(productsQueryKey)).toEqual([
      { ...PRODUCT_DEFAULTS, ...oatMilk },
      { ...PRODUCT_DEFAULTS, ...oatMilk, id: 2, sku: 'OM-2', isDailyCount: true },
    ]);
    expect(client.getQueryData(inventoryQueryKey(7))).toEqual({
      ...inventory,
      items: [
        { ...INVENTORY_ITEM_DEFAULTS, productId: 1, productName: 'Oat Milk' },
        { ...INVENTORY_ITEM_DEFAULTS, productId: 2, productName: 'Cups', par: 4, count: 0 },
      ],
    });
  });

  test('without a location the inventory is asked for without a locationId', async () => {
    const { calls } = installFakeFetch((url) =>
      json(
        url === '/api/inventory?shape=compact'
          ? { ...inventory, locationId: null }
          : url === '/api/products?shape=compact'
            ? []
            : categoryOrder,
      ),
    );
    await preloadOperationData(createQueryClient());
    expect(calls.map((call) => call.url)).toContain('/api/inventory?shape=compact');
  });

  test('a start on the café stored last time stays quiet when refused; the checked preload asks again and reports', async () => {
    const logged = spyOn(console, 'error').mockImplementation(() => undefined);
    let refuse = true;
    const { calls } = installFakeFetch((url) => {
      if (url.startsWith('/api/inventory') && refuse) return new Response('', { status: 403 });
      return json(
        url.startsWith('/api/inventory')
          ? inventory
          : url === '/api/products?shape=compact'
            ? []
            : categoryOrder,
      );
    });
    const client = createQueryClient();
    const quiet = await preloadOperationData(client, 7, true);
    expect(quiet.map((result) => result.ok)).toEqual([true, false, true]);
    expect(logged).not.toHaveBeenCalled();

    refuse = false;
    await preloadOperationData(client, 7);
    // The reads that answered are not asked again; the refused one is.
    expect(calls.filter((call) => call.url === '/api/products?shape=compact')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/inventory?locationId=7&shape=compact')).toHaveLength(2);
    expect(client.getQueryData(inventoryQueryKey(7))).toEqual(inventory);
    logged.mockRestore();
  });
});
