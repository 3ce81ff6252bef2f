import { beforeAll, describe, expect, jest, test } from 'bun:test';
import type { Cart } from '@engine/cart-schemas.ts';
import { act, renderHook } from '@testing-library/react';
import { AUTOSAVE_DEBOUNCE_MS } from '@web/lib/autosave/autosave-queue.ts';
import { installFakeFetch, json, type RecordedCall } from '@web-test/fake-fetch.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { advanceTime } from '@web-test/timers.ts';
import { useCartEdits } from './use-cart-edits.ts';

const emptyCart: Cart = {
  locationId: 2,
  suggested: false,
  note: '',
  updatedAt: null,
  updatedBy: null,
  lines: [],
  totals: { lineCount: 0, total: 0 },
};

/** The batches sent, each item without its typing time, which every item carries (checked once below). */
const sentItems = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url === '/api/cart/2/items' && call.init.method === 'PUT')
    .map((call) => JSON.parse(String(call.init.body)).items as { typedAt?: unknown }[]);

const savedBatches = (calls: RecordedCall[]) =>
  sentItems(calls).map((items) => items.map(({ typedAt: _typedAt, ...item }) => item));

// Each test types as another person: outboxes are kept per person and café, and outlive a test.
let userId = 100;

function renderAutosave() {
  const { wrapper } = createTestProviders();
  userId += 1;
  const user = userId;
  return renderHook(() => useCartEdits({ userId: user, locationId: 2 }), { wrapper });
}

describe('View Cart quantities over the cart autosave', () => {
  // The cart's declarations load with its first call (cart-api.ts); under fake timers that import would not
  // finish in time, and the tests passed only when an earlier file had loaded it.
  beforeAll(() => import('@engine/endpoints/ordering-endpoints.ts'));

  test('saves a pause after the last keystroke, once, with the last value typed', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => json(emptyCart));
    const { result } = renderAutosave();
    act(() => {
      result.current.change(12, '3');
      result.current.change(12, '36');
    });
    expect(result.current.state).toBe('unsaved');
    await advanceTime(AUTOSAVE_DEBOUNCE_MS - 100, 100);
    expect(savedBatches(calls)).toEqual([]);
    await advanceTime(200, 100);
    expect(savedBatches(calls)).toEqual([[{ productId: 12, quantity: 36 }]]);
    // The typing time goes with it, so a batch delivered late cannot win over a newer one (decision 124).
    expect(sentItems(calls)[0]?.[0]?.typedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(result.current.state).toBe('saved');
    expect(result.current.drafts).toEqual({});
  });

  test('a typed 0 waits until the field is left, so a line does not vanish while typing 0.5', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => json(emptyCart));
    const { result } = renderAutosave();
    act(() => result.current.change(12, '0'));
    await advanceTime(AUTOSAVE_DEBOUNCE_MS * 3, 500);
    expect(savedBatches(calls)).toEqual([]);
    await act(async () => {
      result.current.commit(12);
    });
    // Leaving the field sends at once: well before the pause that typing waits for.
    await advanceTime(AUTOSAVE_DEBOUNCE_MS / 4, 10);
    expect(savedBatches(calls)).toEqual([[{ productId: 12, quantity: 0 }]]);
  });

  test('what the server would refuse is not sent, and blocks submitting until it is fixed', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => json(emptyCart));
    const { result } = renderAutosave();
    act(() => result.current.change(12, '1.234'));
    await advanceTime(AUTOSAVE_DEBOUNCE_MS * 2, 500);
    expect(savedBatches(calls)).toEqual([]);
    expect(result.current.invalidCount).toBe(1);
    act(() => result.current.change(12, '1.25'));
    expect(result.current.invalidCount).toBe(0);
    let saved: Promise<boolean> = Promise.resolve(false);
    act(() => {
      saved = result.current.flush();
    });
    await advanceTime(AUTOSAVE_DEBOUNCE_MS / 4, 10);
    expect(await saved).toBe(true);
    expect(savedBatches(calls)).toEqual([[{ productId: 12, quantity: 1.25 }]]);
  });

  test('typing past what can be stored sends back the quantity from before, and keeps the text', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => json(emptyCart));
    const { result } = renderAutosave();
    act(() => {
      result.current.begin(12, 4);
      for (const text of ['9', '99', '999', '9999', '99999', '999999']) result.current.change(12, text);
    });
    await advanceTime(AUTOSAVE_DEBOUNCE_MS * 2, 500);
    // 99,999 was in the outbox when the sixth digit made the text invalid: the list keeps its 4.
    expect(savedBatches(calls)).toEqual([[{ productId: 12, quantity: 4 }]]);
    expect(result.current.drafts[12]).toBe('999999');
    expect(result.current.invalidCount).toBe(1);
  });

  test('a refused change shows the server’s message and the list goes back to what is stored', async () => {
    const message = 'Oat Milk is discontinued at this location.';
    installFakeFetch(() => json({ code: 'products_not_orderable', message }, { status: 409 }));
    const { result } = renderAutosave();
    act(() => result.current.change(12, '4'));
    let saved = true;
    await act(async () => {
      saved = await result.current.flush();
    });
    expect(saved).toBe(false);
    expect(result.current.state).toBe('failed');
    expect(result.current.error).toBe(message);
    expect(result.current.drafts).toEqual({});
  });
});
