import { expect, test } from 'bun:test';
import { compareAsRead } from '@engine/text-order.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { flushPromises } from '@web-test/timers.ts';
import { startApp } from './app-start.ts';
import { authUserQueryKey } from './lib/shared-reads/auth-user.ts';

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
