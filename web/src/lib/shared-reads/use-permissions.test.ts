import { describe, expect, jest, test } from 'bun:test';
import { PERMISSION_KEYS } from '@engine/permissions.ts';
import { renderHook } from '@testing-library/react';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { advanceTime } from '@web-test/timers.ts';
import { usePermissions } from './use-permissions.ts';

const map = { staff: ['count_inventory', 'nightly_counts'], cafe_manager: ['set_pars', 'submit_orders'] };

function serve(role: string, options: { holdMap?: boolean } = {}) {
  let releaseMap: (() => void) | undefined;
  const fake = installFakeFetch((url) => {
    if (url === '/api/auth/user') return json(signedInManager);
    if (url === '/api/auth/user-role') return json({ role });
    if (!options.holdMap) return json(map);
    return new Promise<Response>((resolve) => {
      releaseMap = () => resolve(json(map));
    });
  });
  return { ...fake, releaseMap: () => releaseMap?.() };
}

describe('usePermissions (requirements §6)', () => {
  test('nothing is granted until both the role and the map have loaded', async () => {
    jest.useFakeTimers();
    const { releaseMap } = serve('cafe_manager', { holdMap: true });
    const { result } = renderHook(() => usePermissions(), { wrapper: createTestProviders().wrapper });
    await advanceTime(0);
    expect(result.current.ready).toBe(false);
    expect(result.current.has('set_pars')).toBe(false);

    releaseMap();
    await advanceTime(0);
    expect(result.current.ready).toBe(true);
    expect(result.current.has('set_pars')).toBe(true);
    expect(result.current.has('approve_orders')).toBe(false);
  });

  test('admin holds every permission', async () => {
    jest.useFakeTimers();
    serve('admin');
    const { result } = renderHook(() => usePermissions(), { wrapper: createTestProviders().wrapper });
    await advanceTime(0);
    expect(PERMISSION_KEYS.every((key) => result.current.has(key))).toBe(true);
  });

  test('the role is asked for only once someone is signed in', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => new Response('', { status: 401 }));
    const { result } = renderHook(() => usePermissions(), { wrapper: createTestProviders().wrapper });
    await advanceTime(0);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/user']);
    expect(result.current.ready).toBe(false);
  });
});
