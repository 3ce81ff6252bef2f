import { describe, expect, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { authUserQueryKey } from '@web/lib/shared-reads/auth-user.ts';
import { permissionsQueryKey } from '@web/lib/shared-reads/permissions-map.ts';
import { userLocationsQueryKey } from '@web/lib/shared-reads/user-locations.ts';
import { userRoleQueryKey } from '@web/lib/shared-reads/user-role.ts';
import { storeSelectedLocation } from '@web/lib/storage/selected-location.ts';
import { setTriggerStartNewCount } from '@web/lib/storage/trigger-start-new-count.ts';
import { installFakeFetch, json, type RecordedCall } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { useNewCountAfterOrder } from './use-new-count-after-order.ts';

const harbor = { id: 3, name: 'Harbor Street Café', code: 'DT-01' };
const marketHall = { id: 2, name: 'Market Hall Coffee Bar', code: 'DT-02' };
const started = {
  locationId: 3,
  countSession: { id: 42, startedAt: '2025-03-10T15:00:00.000Z', startedBy: 'Mia Manager', clearedAt: null },
  closedSessionId: 41,
  deactivatedCompletionId: 7,
};

/** The server: starting a count answers the new session; nothing else is asked for here. */
function managerServer() {
  return installFakeFetch((url) =>
    url === '/api/count-sessions/start' ? json(started, { status: 201 }) : new Response('', { status: 404 }),
  );
}

/** The signed-in manager's session, role, permissions and cafés, as the app has them once loaded. */
function signedInProviders() {
  const providers = createTestProviders();
  providers.client.setQueryData(authUserQueryKey, signedInManager);
  providers.client.setQueryData(userRoleQueryKey, { role: 'cafe_manager' });
  providers.client.setQueryData(permissionsQueryKey, { cafe_manager: ['count_inventory', 'submit_orders'] });
  providers.client.setQueryData(userLocationsQueryKey, [harbor, marketHall]);
  return providers;
}

/** Lets the effect's request and its promise callbacks run; no timers are involved. */
const settle = () =>
  act(async () => {
    for (let round = 0; round < 50; round++) await Promise.resolve();
  });

const starts = (calls: RecordedCall[]) => calls.filter((call) => call.url === '/api/count-sessions/start');

describe('a new count after an order', () => {
  test('starts a new count at the chosen café once, and removes the flag', async () => {
    const { calls } = managerServer();
    storeSelectedLocation(harbor);
    setTriggerStartNewCount();
    const { wrapper } = signedInProviders();
    const { rerender } = renderHook(() => useNewCountAfterOrder(), { wrapper });
    await settle();
    rerender();
    await settle();
    expect(starts(calls)).toHaveLength(1);
    expect(starts(calls)[0]?.init.body).toBe('{"locationId":3}');
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
  });

  test('with no café chosen, the flag is spent on dropping the cached inventory only', async () => {
    const { calls } = managerServer();
    setTriggerStartNewCount();
    const { client, wrapper } = signedInProviders();
    client.setQueryData(['/api/inventory', { locationId: 3 }], {
      locationId: 3,
      countSession: null,
      items: [],
    });
    renderHook(() => useNewCountAfterOrder(), { wrapper });
    await settle();
    expect(starts(calls)).toHaveLength(0);
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
    expect(client.getQueryState(['/api/inventory', { locationId: 3 }])?.isInvalidated).toBe(true);
  });

  test('keeps the flag until it is known where this person is and what they may do', () => {
    installFakeFetch(() => new Promise<Response>(() => {}));
    storeSelectedLocation(harbor);
    setTriggerStartNewCount();
    const { wrapper } = createTestProviders();
    renderHook(() => useNewCountAfterOrder(), { wrapper });
    expect(localStorage.getItem('triggerStartNewCount')).toBe('true');
  });

  test('starts it at the café the order was for, not at the café chosen since', async () => {
    const { calls } = managerServer();
    setTriggerStartNewCount(harbor.id);
    storeSelectedLocation(marketHall);
    const { wrapper } = signedInProviders();
    const { rerender } = renderHook(() => useNewCountAfterOrder(), { wrapper });
    await settle();
    rerender();
    await settle();
    expect(starts(calls).map((call) => call.init.body)).toEqual(['{"locationId":3}']);
    expect(localStorage.getItem('triggerStartNewCountLocationIds')).toBeNull();
  });

  test('a café ordered for that is no longer theirs is left alone', async () => {
    const { calls } = managerServer();
    setTriggerStartNewCount(99);
    storeSelectedLocation(harbor);
    const { wrapper } = signedInProviders();
    renderHook(() => useNewCountAfterOrder(), { wrapper });
    await settle();
    expect(starts(calls)).toHaveLength(0);
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
  });
});
