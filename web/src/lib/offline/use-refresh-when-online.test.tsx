import { afterEach, describe, expect, test } from 'bun:test';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { cachedReadPaths, noteReadAnswer, resetCachedReads } from './reads-from-cache.ts';
import { useRefreshWhenOnline } from './use-refresh-when-online.ts';

afterEach(resetCachedReads);

describe('when the network returns', () => {
  test('reads shown from the device are asked again, and one no screen holds stops dating the list', async () => {
    const { client: queryClient, wrapper } = createTestProviders();
    let asked = 0;
    await queryClient.fetchQuery({
      queryKey: ['/api/products', {}],
      queryFn: () => {
        asked += 1;
        if (asked > 1) noteReadAnswer('/api/products', '/api/products', null);
        return [];
      },
    });
    noteReadAnswer('/api/products', '/api/products', '2026-11-25T14:05:00.000Z');
    noteReadAnswer('/api/admin/ui-settings', '/api/admin/ui-settings', '2026-11-25T14:05:00.000Z');
    renderHook(() => useRefreshWhenOnline(), { wrapper });

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(cachedReadPaths()).toEqual([]));
    expect(asked).toBe(2);
  });
});
