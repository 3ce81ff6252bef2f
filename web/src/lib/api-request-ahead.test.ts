import { describe, expect, jest, test } from 'bun:test';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { flushPromises } from '@web-test/timers.ts';
import {
  apiRequest,
  NoAnswerError,
  READ_AHEAD_KEPT_MS,
  READ_ANSWER_TIMEOUT_MS,
  sendReadAhead,
} from './api-request.ts';

/** A fake network that numbers its answers, so a test can tell which request an answer came from. */
function numberedAnswers() {
  let answered = 0;
  return installFakeFetch(() => json({ answer: ++answered }));
}

describe('reads sent ahead (decision 080)', () => {
  test('the first read of the address takes the answer sent ahead; the next one asks again', async () => {
    const { calls } = numberedAnswers();
    sendReadAhead('/api/products?shape=compact');
    expect(calls).toHaveLength(1);
    // Sent as a call of it would be: cookies, no body, the read's deadline.
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);

    const first = await apiRequest('GET', '/api/products?shape=compact', undefined, { retries: 0 });
    expect(calls).toHaveLength(1);
    expect(await first.json()).toEqual({ answer: 1 });

    const second = await apiRequest('GET', '/api/products?shape=compact', undefined, { retries: 0 });
    expect(calls).toHaveLength(2);
    expect(await second.json()).toEqual({ answer: 2 });
  });

  test('only a read of the same address takes it, and sending it twice sends it once', async () => {
    const { calls } = numberedAnswers();
    sendReadAhead('/api/inventory?locationId=3&shape=compact');
    sendReadAhead('/api/inventory?locationId=3&shape=compact');
    expect(calls).toHaveLength(1);
    const otherCafe = await apiRequest('GET', '/api/inventory?locationId=4&shape=compact', undefined, {
      retries: 0,
    });
    expect(await otherCafe.json()).toEqual({ answer: 2 });
    const write = await apiRequest('POST', '/api/inventory?locationId=3&shape=compact', {}, { retries: 0 });
    expect(await write.json()).toEqual({ answer: 3 });
    const taken = await apiRequest('GET', '/api/inventory?locationId=3&shape=compact', undefined, {
      retries: 0,
    });
    expect(await taken.json()).toEqual({ answer: 1 });
    expect(calls).toHaveLength(3);
  });

  test('an answer nobody took within its time is dropped: a later read asks the server again', async () => {
    jest.useFakeTimers();
    const { calls } = numberedAnswers();
    sendReadAhead('/api/admin/category-order');
    await flushPromises();
    jest.advanceTimersByTime(READ_AHEAD_KEPT_MS - 1);
    await flushPromises();
    jest.advanceTimersByTime(1);
    await flushPromises();
    const later = await apiRequest('GET', '/api/admin/category-order', undefined, { retries: 0 });
    expect(calls).toHaveLength(2);
    expect(await later.json()).toEqual({ answer: 2 });
  });

  test('a read sent ahead that fails is the failed attempt of the call that takes it', async () => {
    let attempts = 0;
    const { calls } = installFakeFetch(() => {
      attempts += 1;
      if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return json({ ok: true });
    });
    sendReadAhead('/api/nightly-counts?locationId=3');
    await expect(
      apiRequest('GET', '/api/nightly-counts?locationId=3', undefined, { retries: 0 }),
    ).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(1);
    // With retries, the next attempt asks the server itself.
    attempts = 0;
    sendReadAhead('/api/user/locations');
    const sleep = async () => undefined;
    const retried = await apiRequest('GET', '/api/user/locations', undefined, { retries: 1, sleep });
    expect(retried.status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  test('a read sent ahead has the deadline of any read', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    sendReadAhead('/api/admin/tab-display-order');
    const pending = apiRequest('GET', '/api/admin/tab-display-order', undefined, { retries: 0 }).catch(
      (error: unknown) => error,
    );
    jest.advanceTimersByTime(READ_ANSWER_TIMEOUT_MS);
    expect(await pending).toBeInstanceOf(NoAnswerError);
    expect(calls).toHaveLength(1);
  });

  test("the caller's abort ends a call waiting on a read sent ahead", async () => {
    let answer: (response: Response) => void = () => undefined;
    installFakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    sendReadAhead('/api/permissions');
    const controller = new AbortController();
    const pending = apiRequest('GET', '/api/permissions', undefined, {
      retries: 0,
      signal: controller.signal,
    }).catch((error: unknown) => error);
    controller.abort(new DOMException('The screen left', 'AbortError'));
    answer(json({}));
    expect(((await pending) as DOMException).name).toBe('AbortError');
  });
});
