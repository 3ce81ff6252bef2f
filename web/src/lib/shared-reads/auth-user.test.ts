import { afterEach, describe, expect, jest, spyOn, test } from 'bun:test';
import { focusManager } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { advanceTime } from '@web-test/timers.ts';
import { authUserQueryOptions, fetchAuthUser, useAuth } from './auth-user.ts';

type RetryFn = (failureCount: number, error: unknown) => boolean;

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('auth user query options (requirements §7, §9)', () => {
  test('fresh 5 min, kept 30 min, rechecked on focus and every 20 min only while visible', () => {
    const options = authUserQueryOptions();
    expect([...options.queryKey]).toEqual(['/api/auth/user', {}]);
    expect(options.staleTime).toBe(5 * 60 * 1000);
    expect(options.gcTime).toBe(30 * 60 * 1000);
    expect(options.refetchOnWindowFocus).toBe(true);
    expect(options.refetchInterval).toBe(20 * 60 * 1000);
    expect(options.refetchIntervalInBackground).toBe(false);
  });

  test('2 retries', () => {
    const retry = authUserQueryOptions().retry as RetryFn;
    const busy = Object.assign(new Error('503: busy'), { status: 503 });
    expect([0, 1, 2].map((n) => retry(n, busy))).toEqual([true, true, false]);
  });
});

describe('fetchAuthUser', () => {
  test('returns the user, asking past any cache and with cookies', async () => {
    const { calls } = installFakeFetch(() => json(signedInManager));
    expect(await fetchAuthUser()).toEqual(signedInManager);
    expect(calls[0]?.url).toBe('/api/auth/user');
    expect(calls[0]?.init.cache).toBe('no-cache');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  test('a 401 means signed out: null, not an error', async () => {
    installFakeFetch(() => json({ code: 'unauthorized', message: 'Sign in to continue.' }, { status: 401 }));
    expect(await fetchAuthUser()).toBeNull();
  });
});

describe('useAuth', () => {
  test('signed in when the server returns a user', async () => {
    jest.useFakeTimers();
    installFakeFetch(() => json(signedInManager));
    const { result } = renderHook(() => useAuth(), { wrapper: createTestProviders().wrapper });
    expect(result.current.isLoading).toBe(true);
    await advanceTime(0);
    expect(result.current).toEqual({ user: signedInManager, isLoading: false, isAuthenticated: true });
  });

  test('a failed check, after its 2 retries, is treated as signed out and logged', async () => {
    jest.useFakeTimers();
    spyOn(Math, 'random').mockReturnValue(0);
    const logged = spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = installFakeFetch(
      () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    );
    const { result } = renderHook(() => useAuth(), { wrapper: createTestProviders().wrapper });
    await advanceTime(0);
    await advanceTime(1000 + 2000);
    expect(calls).toHaveLength(3);
    expect(result.current).toEqual({ user: null, isLoading: false, isAuthenticated: false });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('Auth check failed');
    await advanceTime(60_000, 10_000);
    expect(calls).toHaveLength(3);
  });

  test('rechecks every 20 minutes while the page is visible, and not while it is hidden', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => json(signedInManager));
    renderHook(() => useAuth(), { wrapper: createTestProviders().wrapper });
    await advanceTime(0);
    expect(calls).toHaveLength(1);
    await advanceTime(20 * 60_000 - 1000, 60_000);
    expect(calls).toHaveLength(1);
    await advanceTime(1000);
    expect(calls).toHaveLength(2);

    await act(async () => focusManager.setFocused(false));
    await advanceTime(60 * 60_000, 60_000);
    expect(calls).toHaveLength(2);
  });
});
