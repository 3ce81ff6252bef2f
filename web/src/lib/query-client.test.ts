import { describe, expect, jest, spyOn, test } from 'bun:test';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { flushPromises } from '@web-test/timers.ts';
import { ApiRequestError } from './api-request.ts';
import { createQueryClient, getQueryFn } from './query-client.ts';

type RetryFn = (failureCount: number, error: unknown) => boolean;

const failure = (status: number) =>
  new ApiRequestError({ status, statusText: '', bodyText: 'x', method: 'GET', url: '/x' });

function defaults(client: QueryClient) {
  const { queries, mutations } = client.getDefaultOptions();
  return { queries: queries ?? {}, mutations: mutations ?? {} };
}

/** Advances fake time step by step so each retry's promise chain can run between the timers. */
async function advance(ms: number, step = 250): Promise<void> {
  for (let passed = 0; passed < ms; passed += step) {
    jest.advanceTimersByTime(Math.min(step, ms - passed));
    await flushPromises();
  }
}

describe('getQueryFn', () => {
  test('GETs the query key parts joined by slashes, with cookies, and parses the JSON', async () => {
    const { calls } = installFakeFetch(() => json({ id: 9 }));
    const client = createQueryClient();
    const data = await client.fetchQuery({
      queryKey: ['/api/count-completions/active', 4],
      queryFn: getQueryFn({ on401: 'throw' }),
    });
    expect(data).toEqual({ id: 9 });
    expect(calls[0]?.url).toBe('/api/count-completions/active/4');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  test("on401 'returnNull' turns a 401 into null", async () => {
    installFakeFetch(() => json({ code: 'unauthorized', message: 'Sign in to continue.' }, { status: 401 }));
    const client = createQueryClient();
    const data = await client.fetchQuery({
      queryKey: ['/api/auth/user'],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    });
    expect(data).toBeNull();
  });

  test("on401 'throw' (the default read) throws the 401, without retrying it", async () => {
    const { calls } = installFakeFetch(() => new Response('', { status: 401, statusText: 'Unauthorized' }));
    const client = createQueryClient();
    const error = await client.fetchQuery({ queryKey: ['/api/products'] }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('401: Unauthorized');
    expect(calls).toHaveLength(1);
  });
});

describe('createQueryClient defaults (requirements §9)', () => {
  test('cached reads never go stale, and there is no refetch on focus and no polling', () => {
    const { queries } = defaults(createQueryClient());
    expect(queries.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.refetchInterval).toBe(false);
  });

  test('reads retry 3 times and writes 2', () => {
    const { queries, mutations } = defaults(createQueryClient());
    const readRetry = queries.retry as RetryFn;
    const writeRetry = mutations.retry as RetryFn;
    expect([0, 1, 2, 3].map((n) => readRetry(n, failure(503)))).toEqual([true, true, true, false]);
    expect([0, 1, 2].map((n) => writeRetry(n, failure(503)))).toEqual([true, true, false]);
  });

  test('no retry for 400-499 except 408 and 429', () => {
    const { queries, mutations } = defaults(createQueryClient());
    for (const retry of [queries.retry as RetryFn, mutations.retry as RetryFn]) {
      expect([400, 401, 403, 404, 409, 422].map((status) => retry(0, failure(status)))).toEqual([
        false,
        false,
        false,
        false,
        false,
        false,
      ]);
      expect([408, 429, 500, 503].map((status) => retry(0, failure(status)))).toEqual([
        true,
        true,
        true,
        true,
      ]);
      expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    }
  });

  test('the retry delay is the backoff: 1000 ms doubling to 30000 ms, plus up to 25 %', () => {
    const { queries } = defaults(createQueryClient());
    const delay = queries.retryDelay as (failureCount: number, error: unknown) => number;
    const random = spyOn(Math, 'random').mockReturnValue(0);
    expect([0, 1, 2, 5, 9].map((n) => delay(n, failure(503)))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    random.mockReturnValue(0.999_999);
    expect(delay(0, failure(503))).toBe(1249);
  });
});

describe('createQueryClient retries on the wire', () => {
  test('a read that keeps failing with 503 is tried 4 times, 1 s, 2 s and 4 s apart', async () => {
    jest.useFakeTimers();
    spyOn(Math, 'random').mockReturnValue(0);
    const { calls } = installFakeFetch(() => new Response('down', { status: 503 }));
    const client = createQueryClient();
    const result = client.fetchQuery({ queryKey: ['/api/products'] }).catch((e: unknown) => e);
    await flushPromises();
    expect(calls).toHaveLength(1);
    await advance(999, 333);
    expect(calls).toHaveLength(1);
    await advance(1);
    expect(calls).toHaveLength(2);
    await advance(2000);
    expect(calls).toHaveLength(3);
    await advance(4000);
    expect(calls).toHaveLength(4);
    await advance(60_000, 5000);
    expect(calls).toHaveLength(4);
    expect(((await result) as Error).message).toBe('503: down');
  });

  test.each([408, 429])('a read answered %i is retried', async (status) => {
    jest.useFakeTimers();
    spyOn(Math, 'random').mockReturnValue(0);
    let answered = 0;
    const { calls } = installFakeFetch(() => (++answered === 1 ? new Response('', { status }) : json([])));
    const client = createQueryClient();
    const result = client.fetchQuery({ queryKey: ['/api/products'] });
    await flushPromises();
    await advance(999);
    expect(calls).toHaveLength(1);
    await advance(1);
    expect(calls).toHaveLength(2);
    await advance(1000);
    expect(await result).toEqual([]);
  });

  test('a read answered 404 is not retried', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => new Response('', { status: 404, statusText: 'Not Found' }));
    const client = createQueryClient();
    const result = client.fetchQuery({ queryKey: ['/api/nothing'] }).catch((e: unknown) => e);
    await flushPromises();
    await advance(60_000, 5000);
    expect(calls).toHaveLength(1);
    expect(((await result) as Error).message).toBe('404: Not Found');
  });

  test('a write that keeps failing with 503 is tried 3 times', async () => {
    jest.useFakeTimers();
    spyOn(Math, 'random').mockReturnValue(0);
    let attempts = 0;
    const client = createQueryClient();
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        attempts++;
        throw failure(503);
      },
    });
    const result = observer.mutate().catch((e: unknown) => e);
    await flushPromises();
    await advance(60_000, 500);
    expect(attempts).toBe(3);
    expect(((await result) as ApiRequestError).status).toBe(503);
  });
});
