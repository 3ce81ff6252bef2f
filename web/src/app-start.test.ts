import { beforeEach, describe, expect, test } from 'bun:test';
import { compareAsRead } from '@engine/text-order.ts';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { installFakeFetch, json, type RecordedCall } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { flushPromises } from '@web-test/timers.ts';
import { startApp } from './app-start.ts';
import { markSignOutPending } from './lib/offline/pending-sign-out.ts';
import { operationReadUrls, preloadOperationData } from './lib/preload-operation-data.ts';
import { authUserQueryKey } from './lib/shared-reads/auth-user.ts';
import { productsQueryKey } from './lib/shared-reads/products.ts';
import { rememberConfirmedLocation } from './lib/storage/confirmed-location.ts';

test('the session check is on its way before anything renders, and its answer lands in the cache', async () => {
  const { calls } = installFakeFetch((url) =>
    url.endsWith('/api/auth/user') ? json(signedInManager) : json({ message: 'unexpected' }, { status: 500 }),
  );
  const queryClient = startApp();
  // Nothing has rendered: no router, no root layout, no useAuth. The read is already in flight.
  expect(queryClient.getQueryState(authUserQueryKey)?.fetchStatus).toBe('fetching');
  await flushPromises();
  expect(calls.map((call) => new URL(call.url, 'http://parstock.test').pathname)).toEqual(['/api/auth/user']);
  expect(queryClient.getQueryData(authUserQueryKey)).toEqual(signedInManager);
});

test('the collator that sorts lists by name is built when the thread is next idle, not while the start renders', () => {
  const idle: (() => void)[] = [];
  const realIdle = globalThis.requestIdleCallback;
  const RealCollator = Intl.Collator;
  let built = 0;
  globalThis.requestIdleCallback = ((run: () => void) => {
    idle.push(run);
    return idle.length;
  }) as typeof requestIdleCallback;
  Intl.Collator = function countedCollator(...args: ConstructorParameters<typeof Intl.Collator>) {
    built += 1;
    return new RealCollator(...args);
  } as unknown as typeof Intl.Collator;
  try {
    installFakeFetch(() => json(signedInManager));
    startApp();
    expect(idle).toHaveLength(1);
    // Whether an earlier test has sorted a list already or not, the idle call leaves a collator built and
    // builds at most one.
    for (const run of idle) run();
    expect(built).toBeLessThanOrEqual(1);
    expect(compareAsRead('2% Milk', '10% Milk')).toBeLessThan(0);
  } finally {
    globalThis.requestIdleCallback = realIdle;
    Intl.Collator = RealCollator;
  }
});

describe("the chosen café's reads sent behind the session check (decision 080)", () => {
  const pathOf = (url: string) => {
    const address = new URL(url, 'http://parstock.test');
    return `${address.pathname}${address.search}`;
  };
  const answer = (url: string) => {
    const path = new URL(url, 'http://parstock.test').pathname;
    if (path === '/api/auth/user') return json(signedInManager);
    if (path === '/api/products') return json([]);
    if (path === '/api/inventory') return json({ locationId: 3, countSession: null, items: [] });
    if (path === '/api/admin/category-order') return json([]);
    return json({ message: 'unexpected' }, { status: 500 });
  };
  const answering = () => installFakeFetch(answer);

  beforeEach(() => localStorage.clear());

  function chooseConfirmedCafe() {
    localStorage.setItem('selectedLocationId', '3');
    rememberConfirmedLocation(signedInManager.id, 3, operationReadUrls(3));
  }

  /** Waits for the session check's answer, which a 401 gives only after the offline caches are emptied. */
  async function checked(queryClient: QueryClient) {
    for (let i = 0; i < 20 && queryClient.getQueryState(authUserQueryKey)?.status !== 'success'; i++)
      await new Promise((resolve) => setTimeout(resolve, 0));
  }

  /** The frame's preload, after the start's four requests: the café's reads asked of the server again. */
  async function expectAskedAfresh(queryClient: QueryClient, calls: RecordedCall[]) {
    expect(calls).toHaveLength(4);
    const results = await preloadOperationData(queryClient, 3);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(calls.slice(4).map((call) => pathOf(call.url))).toEqual(operationReadUrls(3));
  }

  test('the café this device confirmed, when it is still the one chosen: its reads leave right after the check, once', async () => {
    chooseConfirmedCafe();
    const { calls } = answering();
    const queryClient = startApp();
    await flushPromises();
    expect(calls.map((call) => pathOf(call.url))).toEqual(['/api/auth/user', ...operationReadUrls(3)]);
    // The frame's preload takes those answers instead of asking again.
    const results = await preloadOperationData(queryClient, 3);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(calls).toHaveLength(4);
    expect(queryClient.getQueryData(productsQueryKey)).toBeDefined();
  });

  test('no café read ahead when the café chosen is not the one confirmed, or none was', async () => {
    localStorage.setItem('selectedLocationId', '4');
    rememberConfirmedLocation(signedInManager.id, 3, operationReadUrls(3));
    const chosenElsewhere = answering();
    startApp();
    await flushPromises();
    expect(chosenElsewhere.calls.map((call) => pathOf(call.url))).toEqual(['/api/auth/user']);

    localStorage.clear();
    localStorage.setItem('selectedLocationId', '3');
    const neverConfirmed = answering();
    startApp();
    await flushPromises();
    expect(neverConfirmed.calls.map((call) => pathOf(call.url))).toEqual(['/api/auth/user']);
  });

  test('a session check that finds nobody signed in drops them: whoever signs in next on the page is asked for afresh', async () => {
    chooseConfirmedCafe();
    let signedIn = false;
    const { calls } = installFakeFetch((url) =>
      signedIn ? answer(url) : json({ code: 'unauthorized', message: 'Sign in.' }, { status: 401 }),
    );
    const queryClient = startApp();
    await checked(queryClient);
    expect(queryClient.getQueryData(authUserQueryKey)).toBeNull();
    signedIn = true;
    await expectAskedAfresh(queryClient, calls);
  });

  test('someone who must first replace a one-time password is asked for afresh once they have', async () => {
    chooseConfirmedCafe();
    let mustChange = true;
    const { calls } = installFakeFetch((url) => {
      const path = new URL(url, 'http://parstock.test').pathname;
      if (path === '/api/auth/user') return json({ ...signedInManager, mustChangePassword: mustChange });
      if (mustChange)
        return json({ code: 'password_change_required', message: 'Choose a new password.' }, { status: 403 });
      return answer(url);
    });
    const queryClient = startApp();
    await checked(queryClient);
    mustChange = false;
    await expectAskedAfresh(queryClient, calls);
  });

  test('none while a sign-out the server has not heard of cannot reach it: the cookie still names who left', async () => {
    chooseConfirmedCafe();
    markSignOutPending();
    const { calls } = installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const queryClient = startApp();
    await flushPromises();
    expect(calls.map((call) => pathOf(call.url))).toEqual(['/api/auth/logout']);
    expect(queryClient.getQueryData(authUserQueryKey)).toBeNull();
  });
});

test('an app opened with no network holds its writes for the network, as the device says', () => {
  const flag = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  installFakeFetch(() => json(signedInManager));
  try {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    startApp();
    expect(onlineManager.isOnline()).toBe(false);
  } finally {
    Reflect.deleteProperty(navigator, 'onLine');
    if (flag) Object.defineProperty(Navigator.prototype, 'onLine', flag);
    onlineManager.setOnline(true);
  }
});
