import { afterEach, describe, expect, jest, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { advanceTime } from '@web-test/timers.ts';
import { cachedReadPaths, noteReadAnswer, noteServerAnswered, resetCachedReads } from './reads-from-cache.ts';
import { KEPT_READS_POLL_MS, useRefreshWhenOnline } from './use-refresh-when-online.ts';

afterEach(resetCachedReads);

const KEPT_AT = '2026-11-25T14:05:00.000Z';

/** A products read that the worker answers from its cache until `fresh` says the server is reachable. */
async function keptProducts(fresh: () => boolean) {
  const { client, wrapper } = createTestProviders();
  let asked = 0;
  await client.fetchQuery({
    queryKey: ['/api/products', {}],
    queryFn: () => {
      asked += 1;
      noteReadAnswer('/api/products', '/api/products', fresh() ? null : KEPT_AT);
      return [];
    },
  });
  return { wrapper, asked: () => asked };
}

function goOnline(): void {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('when the network returns', () => {
  test('reads shown from the device are asked again, and one no screen holds stops dating the list', async () => {
    jest.useFakeTimers();
    let online = false;
    const products = await keptProducts(() => online);
    noteReadAnswer('/api/admin/ui-settings', '/api/admin/ui-settings', KEPT_AT);
    renderHook(() => useRefreshWhenOnline(), { wrapper: products.wrapper });

    online = true;
    goOnline();
    await advanceTime(0);
    expect(products.asked()).toBe(2);
    expect(cachedReadPaths()).toEqual([]);
  });

  test('a first try that still gets the kept answer is followed by more, until the server answers', async () => {
    jest.useFakeTimers();
    let reachable = false;
    const products = await keptProducts(() => reachable);
    renderHook(() => useRefreshWhenOnline(), { wrapper: products.wrapper });

    goOnline();
    await advanceTime(0);
    expect(products.asked()).toBe(2);
    expect(cachedReadPaths()).toEqual(['/api/products']);

    reachable = true;
    await advanceTime(2_000);
    expect(products.asked()).toBe(3);
    expect(cachedReadPaths()).toEqual([]);
    await advanceTime(60_000);
    expect(products.asked()).toBe(3);
  });

  test('a save the server answers brings the reads back, though the browser never said it was online', async () => {
    jest.useFakeTimers();
    let reachable = false;
    const products = await keptProducts(() => reachable);
    renderHook(() => useRefreshWhenOnline(), { wrapper: products.wrapper });
    await advanceTime(KEPT_READS_POLL_MS / 2);
    expect(products.asked()).toBe(1);

    // The server was out of reach, not the network: a queued save goes through.
    reachable = true;
    act(() => noteServerAnswered());
    await advanceTime(0);
    expect(products.asked()).toBe(2);
    expect(cachedReadPaths()).toEqual([]);
    // With nothing left from the device, more answers ask nothing again.
    act(() => noteServerAnswered());
    await advanceTime(60_000);
    expect(products.asked()).toBe(2);
  });

  test('with nothing sent, the server is asked again every few seconds until it answers, then no more', async () => {
    jest.useFakeTimers();
    let reachable = false;
    const products = await keptProducts(() => reachable);
    renderHook(() => useRefreshWhenOnline(), { wrapper: products.wrapper });

    await advanceTime(KEPT_READS_POLL_MS);
    expect(products.asked()).toBe(2);
    expect(cachedReadPaths()).toEqual(['/api/products']);

    // Only the server was out of reach: the person reads the list, sends nothing, and the browser says nothing.
    reachable = true;
    await advanceTime(KEPT_READS_POLL_MS);
    expect(products.asked()).toBe(3);
    expect(cachedReadPaths()).toEqual([]);
    await advanceTime(KEPT_READS_POLL_MS * 6);
    expect(products.asked()).toBe(3);
  });

  test('no poll while the browser says it is offline', async () => {
    jest.useFakeTimers();
    const products = await keptProducts(() => false);
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderHook(() => useRefreshWhenOnline(), { wrapper: products.wrapper });
      await advanceTime(KEPT_READS_POLL_MS * 3);
      expect(products.asked()).toBe(1);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });
});
