import { describe, expect, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { activeCountCompletionQueryKey } from '@web/features/operations/api/active-count-completion.ts';
import { authUserQueryKey } from '@web/lib/shared-reads/auth-user.ts';
import { permissionsQueryKey } from '@web/lib/shared-reads/permissions-map.ts';
import { userLocationsQueryKey } from '@web/lib/shared-reads/user-locations.ts';
import { userRoleQueryKey } from '@web/lib/shared-reads/user-role.ts';
import { storeSelectedLocation } from '@web/lib/storage/selected-location.ts';
import { setTriggerStartNewCount } from '@web/lib/storage/trigger-start-new-count.ts';
import { installFakeFetch } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { useNewCountAfterOrder } from './use-new-count-after-order.ts';

const harbor = { id: 3, name: 'Harbor Street Café', code: 'DT-01' };
const inventoryKey = ['/api/inventory', { locationId: 3 }];

/** Lets the effect and its invalidations run; no timers are involved. */
const settle = () =>
  act(async () => {
    for (let round = 0; round < 20; round++) await Promise.resolve();
  });

/** A signed-in manager's device with the café's counts and the count's completion read before the order. */
function providersWithReads() {
  const providers = createTestProviders();
  providers.client.setQueryData(authUserQueryKey, signedInManager);
  providers.client.setQueryData(userRoleQueryKey, { role: 'cafe_manager' });
  providers.client.setQueryData(permissionsQueryKey, { cafe_manager: ['count_inventory', 'submit_orders'] });
  providers.client.setQueryData(userLocationsQueryKey, [harbor]);
  providers.client.setQueryData(inventoryKey, { locationId: 3, countSession: { id: 41 }, items: [] });
  providers.client.setQueryData(activeCountCompletionQueryKey(3), { id: 7 });
  return providers;
}

describe('a new count after an order', () => {
  test("drops this device's counts and completion once, asks the server for nothing, and removes the flag", async () => {
    const { calls } = installFakeFetch(() => new Promise<Response>(() => {}));
    storeSelectedLocation(harbor);
    setTriggerStartNewCount();
    const { client, wrapper } = providersWithReads();
    const { rerender } = renderHook(() => useNewCountAfterOrder(), { wrapper });
    await settle();
    expect(client.getQueryState(inventoryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(activeCountCompletionQueryKey(3))?.isInvalidated).toBe(true);
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
    // The order started the count on the server (decision 119): a flag left for days must not start another.
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(0);

    client.setQueryData(inventoryKey, { locationId: 3, countSession: { id: 42 }, items: [] });
    rerender();
    await settle();
    expect(client.getQueryState(inventoryKey)?.isInvalidated).toBe(false);
  });

  test('without the flag the reads are left as they are', async () => {
    installFakeFetch(() => new Promise<Response>(() => {}));
    const { client, wrapper } = providersWithReads();
    renderHook(() => useNewCountAfterOrder(), { wrapper });
    await settle();
    expect(client.getQueryState(inventoryKey)?.isInvalidated).toBe(false);
  });
});
