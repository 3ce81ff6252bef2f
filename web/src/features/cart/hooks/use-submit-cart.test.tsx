import { afterEach, describe, expect, jest, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { getToastState } from '@web/components/ui/use-toast.ts';
import { cartQueryKey } from '@web/lib/cart/cart-api.ts';
import { installFakeFetch, json, type RecordedCall } from '@web-test/fake-fetch.ts';
import { orderDetail } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { advanceTime } from '@web-test/timers.ts';
import { useSubmitCart } from './use-submit-cart.ts';

const order = orderDetail();

const KEY = 'parstock.submitOrderKey.2';
const submitted = () => json({ order, startNewCount: true }, { status: 201 });
const submissions = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url === '/api/orders' && call.init.method === 'POST')
    .map((call) => new Headers(call.init.headers).get('Idempotency-Key'));

// The list as the screen holds it: what Submit Order says it saw.
const shownLines = [
  { productId: 11, quantity: 4 },
  { productId: 12, quantity: 1.5 },
];

function renderSubmit({ empty = false } = {}) {
  const { wrapper, client } = createTestProviders();
  const lines = empty ? [] : shownLines.map((line) => ({ ...line, productName: 'x' }));
  client.setQueryData(cartQueryKey(2), { lines });
  return renderHook(
    () => useSubmitCart({ locationId: 2, cartEmpty: empty, beforeSubmit: async () => true }),
    { wrapper },
  );
}

describe('Submit Order keeps one Idempotency-Key per submission', () => {
  afterEach(() => sessionStorage.clear());

  test('a retried attempt sends the same key; once the order is made the key is gone', async () => {
    jest.useFakeTimers();
    let attempt = 0;
    const { calls } = installFakeFetch((url) => {
      if (url !== '/api/orders') return new Response('', { status: 404 });
      attempt += 1;
      return attempt === 1
        ? new Response('', { status: 503, statusText: 'Service Unavailable' })
        : submitted();
    });
    const { result } = renderSubmit();
    await act(async () => {
      void result.current.submit('Back door, please');
    });
    await advanceTime(40_000, 1000);

    const keys = submissions(calls);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(result.current.submitted?.number).toBe(order.number);
    expect(result.current.busy).toBe(false);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem('triggerStartNewCount')).toBe('true');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      locationId: 2,
      note: 'Back door, please',
      expectedLines: shownLines,
    });
  });

  test('an order made by hand during a count started none: no flag, and the toast does not say so', async () => {
    installFakeFetch((url) =>
      url === '/api/orders'
        ? json({ order, startNewCount: false }, { status: 201 })
        : new Response('', { status: 404 }),
    );
    const { result } = renderSubmit();
    await act(async () => {
      await result.current.submit('');
    });
    expect(result.current.submitted?.number).toBe(order.number);
    expect(result.current.countStarted).toBe(false);
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
    expect(getToastState().toasts[0]?.description).toBe('It now waits for approval.');
  });

  test('after a lost connection the key is kept, and pressing again sends it again', async () => {
    jest.useFakeTimers();
    let online = false;
    const { calls } = installFakeFetch((url) => {
      if (url !== '/api/orders') return new Response('', { status: 404 });
      if (!online) throw new TypeError('Failed to fetch');
      return submitted();
    });
    const { result } = renderSubmit();
    await act(async () => {
      void result.current.submit('');
    });
    await advanceTime(40_000, 1000);
    const first = submissions(calls);
    expect(first.length).toBeGreaterThan(1);
    expect(new Set(first).size).toBe(1);
    expect(result.current.submitted).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBe(first[0] ?? 'missing');

    online = true;
    await act(async () => {
      void result.current.submit('');
    });
    await advanceTime(1000);
    expect(submissions(calls).at(-1)).toBe(first[0]);
    expect(result.current.submitted?.id).toBe(order.id);
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  test('a refusal made no order, so its key is dropped and the next submission gets a new one', async () => {
    const { calls } = installFakeFetch(() =>
      json({ code: 'forbidden', message: 'You do not have permission to submit orders.' }, { status: 403 }),
    );
    const { result } = renderSubmit();
    await act(async () => {
      await result.current.submit('');
    });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    await act(async () => {
      await result.current.submit('');
    });
    const keys = submissions(calls);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
  });

  test('a list submitted elsewhere is "Nothing to submit", with the server naming the order', async () => {
    const message =
      'The shopping list is empty: it was submitted as order DT-02-20261121-0001 by Priya Raman at 09:00. Orders shows it.';
    installFakeFetch(() => json({ code: 'cart_empty', message }, { status: 409 }));
    const { result } = renderSubmit();
    await act(async () => {
      await result.current.submit('');
    });
    expect(getToastState().toasts[0]).toMatchObject({
      variant: 'default',
      title: 'Nothing to submit',
      description: message,
    });
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  test('pressing again while a submission runs sends nothing more', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls } = installFakeFetch((url) =>
      url === '/api/orders'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : new Response('', { status: 404 }),
    );
    const { result } = renderSubmit();
    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = result.current.submit('');
      void result.current.submit('');
      void result.current.submit('');
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      answer(submitted());
      await first;
    });
    expect(submissions(calls)).toHaveLength(1);
    expect(result.current.busy).toBe(false);
  });
});

describe('an empty list while a submission key is kept asks which order that submission made', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  test('the key is sent again with an empty list shown; the order it made is named, and the key is gone', async () => {
    jest.useFakeTimers();
    sessionStorage.setItem(KEY, 'lost-answer');
    const { calls } = installFakeFetch((url) =>
      url === '/api/orders' ? json({ order, startNewCount: true }) : new Response('', { status: 404 }),
    );
    const { result } = renderSubmit({ empty: true });
    expect(result.current.checking).toBe(true);
    await advanceTime(10);

    expect(submissions(calls)).toEqual(['lost-answer']);
    const sent = calls.find((call) => call.url === '/api/orders');
    // No note: asking changes nothing; and the empty list shown means a key that made no order makes none now.
    expect(JSON.parse(String(sent?.init.body))).toEqual({ locationId: 2, expectedLines: [] });
    expect(result.current.submitted?.number).toBe(order.number);
    expect(result.current.recovered).toBe(true);
    expect(result.current.checking).toBe(false);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    // The lost answer never started the next count afresh; the order found does.
    expect(localStorage.getItem('triggerStartNewCount')).toBe('true');
  });

  test('a key that made no order is refused: it is dropped and the list is simply empty', async () => {
    jest.useFakeTimers();
    sessionStorage.setItem(KEY, 'never-arrived');
    const { calls } = installFakeFetch(() =>
      json({ code: 'cart_empty', message: 'The shopping list is empty.' }, { status: 409 }),
    );
    const { result } = renderSubmit({ empty: true });
    await advanceTime(10);
    expect(submissions(calls)).toEqual(['never-arrived']);
    expect(result.current.submitted).toBeNull();
    expect(result.current.checking).toBe(false);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
  });

  test('with the connection still down the key is kept, and asked about once, not in a loop', async () => {
    jest.useFakeTimers();
    sessionStorage.setItem(KEY, 'offline');
    const { calls } = installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { result } = renderSubmit({ empty: true });
    await advanceTime(60_000, 1000);
    const asked = submissions(calls);
    // One request and the mutation's own retries.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(3);
    expect(result.current.checking).toBe(false);
    expect(result.current.submitted).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBe('offline');
    await advanceTime(60_000, 1000);
    expect(submissions(calls)).toHaveLength(asked.length);
  });

  test('without a kept key, or with lines on the list, nothing is asked', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => new Response('', { status: 404 }));
    const empty = renderSubmit({ empty: true });
    expect(empty.result.current.checking).toBe(false);
    sessionStorage.setItem(KEY, 'kept');
    const filled = renderSubmit();
    expect(filled.result.current.checking).toBe(false);
    await advanceTime(10);
    expect(submissions(calls)).toEqual([]);
  });
});
