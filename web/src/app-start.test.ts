import { expect, test } from 'bun:test';
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
