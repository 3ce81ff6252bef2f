import { describe, expect, jest, test } from 'bun:test';
import { installFakeFetch, installUnansweredFetch, json, neverAnswered } from '@web-test/fake-fetch.ts';
import { flushPromises } from '@web-test/timers.ts';
import {
  ApiRequestError,
  apiRequest,
  apiRequestJson,
  errorMessageForPerson,
  NoAnswerError,
  READ_ANSWER_TIMEOUT_MS,
  setPageUser,
  UserFacingError,
} from './api-request.ts';

/** Records the waits instead of waiting, so the backoff numbers are pinned exactly. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

function header(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

describe('apiRequest: what it sends', () => {
  test('a read sends cookies and neither a body nor a content type', async () => {
    const { calls } = installFakeFetch(() => json({ ok: true }));
    await apiRequest('GET', '/api/products');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/products');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(header(calls[0]?.init, 'content-type')).toBeNull();
  });

  test('a write with a body sends it as JSON with a JSON content type', async () => {
    const { calls } = installFakeFetch(() => json({}));
    await apiRequest('POST', '/api/count-completions/complete', { locationId: 3 });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(header(calls[0]?.init, 'content-type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"locationId":3}');
  });

  test('a write without a body claims no content type', async () => {
    const { calls } = installFakeFetch(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/logout');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(header(calls[0]?.init, 'content-type')).toBeNull();
  });

  test('an idempotency key goes out as the Idempotency-Key header', async () => {
    const { calls } = installFakeFetch(() => json({}));
    await apiRequest('POST', '/api/orders', { lines: [] }, { idempotencyKey: 'order-7f3a' });
    expect(header(calls[0]?.init, 'idempotency-key')).toBe('order-7f3a');
  });

  test("writes name the person the page was opened for; a later person's first answer does not replace them", async () => {
    const { calls } = installFakeFetch(() => json({}));
    setPageUser(undefined);
    setPageUser(7, true);
    setPageUser(9, true);
    await apiRequest('POST', '/api/count-sessions/items', { items: [] });
    await apiRequest('GET', '/api/products');
    expect(header(calls[0]?.init, 'x-parstock-user')).toBe('7');
    expect(header(calls[1]?.init, 'x-parstock-user')).toBeNull();
    // A sign-in on the page itself does replace them.
    setPageUser(9);
    await apiRequest('POST', '/api/count-sessions/items', { items: [] });
    expect(header(calls[2]?.init, 'x-parstock-user')).toBe('9');
    setPageUser(undefined);
    await apiRequest('POST', '/api/count-sessions/items', { items: [] });
    expect(header(calls[3]?.init, 'x-parstock-user')).toBeNull();
  });

  test('apiRequestJson parses the answer, and an empty answer is undefined', async () => {
    installFakeFetch((url) => (url === '/a' ? json({ n: 1 }) : new Response(null, { status: 204 })));
    expect(await apiRequestJson('GET', '/a')).toEqual({ n: 1 });
    expect(await apiRequestJson('DELETE', '/b')).toBeUndefined();
  });
});

describe('apiRequest: non-OK answers', () => {
  test('the message is the status, a colon and the body text', async () => {
    const body = { code: 'conflict' as const, message: 'This count was already completed.' };
    installFakeFetch(() => json(body, { status: 409, statusText: 'Conflict' }));
    const error = await apiRequest('POST', '/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const failure = error as ApiRequestError;
    expect(failure.message).toBe(`409: ${JSON.stringify(body)}`);
    expect(failure.status).toBe(409);
    expect(failure.bodyText).toBe(JSON.stringify(body));
    expect(failure.body).toEqual(body);
  });

  test('an empty body gives the status text instead', async () => {
    installFakeFetch(() => new Response('', { status: 404, statusText: 'Not Found' }));
    const error = (await apiRequest('GET', '/missing').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe('404: Not Found');
    expect(error.body).toBeNull();
  });

  test('a body that is not the error shape is kept as text and not parsed', async () => {
    installFakeFetch(() => new Response('upstream exploded', { status: 400, statusText: 'Bad Request' }));
    const error = (await apiRequest('GET', '/x').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe('400: upstream exploded');
    expect(error.body).toBeNull();
  });
});

describe('errorMessageForPerson', () => {
  test("uses the server's message when the body has the error shape", async () => {
    installFakeFetch(() =>
      json(
        { code: 'reconfirmation_required', message: '2 items were edited after confirmation.' },
        { status: 409 },
      ),
    );
    const error = await apiRequest('POST', '/x', {}).catch((e: unknown) => e);
    expect(errorMessageForPerson(error, 'Failed to complete count')).toBe(
      '2 items were edited after confirmation.',
    );
  });

  test('falls back when the body is not the error shape, or there was no answer', async () => {
    installFakeFetch(() => new Response('<html>Bad gateway</html>', { status: 400 }));
    const error = await apiRequest('POST', '/x', {}).catch((e: unknown) => e);
    expect(errorMessageForPerson(error, 'Failed to complete count')).toBe('Failed to complete count');
    expect(errorMessageForPerson(new TypeError('Failed to fetch'), 'Try again')).toBe('Try again');
  });

  test('keeps a message that is already written for people', () => {
    expect(errorMessageForPerson(new UserFacingError('Failed to complete count'), 'other')).toBe(
      'Failed to complete count',
    );
  });
});

describe('apiRequest: retries (requirements §9 request helper)', () => {
  test.each([408, 429, 500, 502, 503, 504])('retries a %i', async (status) => {
    let answered = 0;
    const { calls } = installFakeFetch(() =>
      ++answered === 1 ? new Response('busy', { status }) : json({ ok: true }),
    );
    const { sleep } = recordingSleep();
    const response = await apiRequest('GET', '/x', undefined, { sleep, random: () => 0 });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  test.each([400, 401, 403, 404, 409, 422])('does not retry a %i', async (status) => {
    const { calls } = installFakeFetch(() => new Response('no', { status }));
    const { sleep, waits } = recordingSleep();
    const error = (await apiRequest('GET', '/x', undefined, { sleep }).catch(
      (e: unknown) => e,
    )) as ApiRequestError;
    expect(error.status).toBe(status);
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test('retries a network failure', async () => {
    let answered = 0;
    const { calls } = installFakeFetch(() => {
      if (++answered === 1) throw new TypeError('Failed to fetch');
      return json({ ok: true });
    });
    const { sleep, waits } = recordingSleep();
    await apiRequest('GET', '/x', undefined, { sleep, random: () => 0 });
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  test('gives up after 3 retries (4 attempts) and throws the last answer', async () => {
    const { calls } = installFakeFetch(
      () => new Response('down', { status: 503, statusText: 'Service Unavailable' }),
    );
    const { sleep, waits } = recordingSleep();
    const error = (await apiRequest('GET', '/x', undefined, { sleep, random: () => 0 }).catch(
      (e: unknown) => e,
    )) as ApiRequestError;
    expect(calls).toHaveLength(4);
    expect(error.message).toBe('503: down');
    // 1000 ms base, doubling.
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  test('a network failure on the last attempt is rethrown as it is', async () => {
    const { calls } = installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { sleep } = recordingSleep();
    const error = await apiRequest('GET', '/x', undefined, { sleep }).catch((e: unknown) => e);
    expect(calls).toHaveLength(4);
    expect(error).toBeInstanceOf(TypeError);
  });

  test('adds up to 25 % jitter from the random source', async () => {
    installFakeFetch(() => new Response('', { status: 500 }));
    const { sleep, waits } = recordingSleep();
    await apiRequest('GET', '/x', undefined, { sleep, random: () => 0.5 }).catch(() => undefined);
    expect(waits).toEqual([1125, 2250, 4500]);
    const top = recordingSleep();
    await apiRequest('GET', '/x', undefined, { sleep: top.sleep, random: () => 0.999_999 }).catch(
      () => undefined,
    );
    expect(top.waits).toEqual([1249, 2499, 4999]);
  });

  test('retries: 0 makes a single attempt', async () => {
    const { calls } = installFakeFetch(() => new Response('', { status: 503 }));
    await apiRequest('GET', '/x', undefined, { retries: 0 }).catch(() => undefined);
    expect(calls).toHaveLength(1);
  });

  test('waits on real timers: nothing is sent again before the backoff has passed', async () => {
    jest.useFakeTimers();
    let answered = 0;
    const { calls } = installFakeFetch(() =>
      ++answered === 1 ? new Response('', { status: 503 }) : json({ ok: true }),
    );
    const pending = apiRequest('GET', '/x', undefined, { random: () => 0 });
    await flushPromises();
    expect(calls).toHaveLength(1);
    jest.advanceTimersByTime(999);
    await flushPromises();
    expect(calls).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await flushPromises();
    expect(calls).toHaveLength(2);
    expect((await pending).status).toBe(200);
  });

  test('an abort during the backoff stops the retries', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => new Response('', { status: 503 }));
    const controller = new AbortController();
    const pending = apiRequest('GET', '/x', undefined, { signal: controller.signal, random: () => 0 }).catch(
      (e: unknown) => e,
    );
    await flushPromises();
    controller.abort(new DOMException('The user left the screen', 'AbortError'));
    const error = (await pending) as DOMException;
    expect(error.name).toBe('AbortError');
    jest.advanceTimersByTime(60_000);
    await flushPromises();
    expect(calls).toHaveLength(1);
  });
});

describe('apiRequest: an answer that never begins', () => {
  test('a read is given up after 30 s and rejected as no answer', async () => {
    jest.useFakeTimers();
    const { calls } = installUnansweredFetch();
    const pending = apiRequest('GET', '/api/orders', undefined, { retries: 0 }).catch((e: unknown) => e);
    await flushPromises();
    jest.advanceTimersByTime(READ_ANSWER_TIMEOUT_MS - 1);
    await flushPromises();
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    const error = await pending;
    expect(error).toBeInstanceOf(NoAnswerError);
    expect(errorMessageForPerson(error, 'The orders could not load.')).toBe('The orders could not load.');
  });

  test('a read with no answer counts as a failed attempt: it is retried', async () => {
    jest.useFakeTimers();
    let attempts = 0;
    const { calls } = installFakeFetch((_url, init) => {
      if (++attempts > 1) return json({ ok: true });
      return neverAnswered(init);
    });
    const { sleep, waits } = recordingSleep();
    const pending = apiRequest('GET', '/x', undefined, { sleep, random: () => 0 });
    await flushPromises();
    jest.advanceTimersByTime(READ_ANSWER_TIMEOUT_MS);
    expect((await pending).status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  test('an answer that has begun is not cut by the deadline, and a write has none', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => json({ ok: true }));
    const response = await apiRequest('GET', '/x', undefined, { retries: 0 });
    jest.advanceTimersByTime(READ_ANSWER_TIMEOUT_MS * 2);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    expect(await response.json()).toEqual({ ok: true });

    const write = installUnansweredFetch();
    const sent = apiRequest('POST', '/api/admin/products/import', { rows: [] }, { retries: 0 });
    let settled = false;
    void sent.finally(() => {
      settled = true;
    });
    jest.advanceTimersByTime(READ_ANSWER_TIMEOUT_MS * 4);
    await flushPromises();
    expect(settled).toBe(false);
    expect(write.calls[0]?.init.signal).toBeUndefined();
  });

  test("the caller's abort still ends the read at once", async () => {
    jest.useFakeTimers();
    installUnansweredFetch();
    const controller = new AbortController();
    const pending = apiRequest('GET', '/x', undefined, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await flushPromises();
    controller.abort(new DOMException('The user left the screen', 'AbortError'));
    const error = (await pending) as DOMException;
    expect(error.name).toBe('AbortError');
  });
});
