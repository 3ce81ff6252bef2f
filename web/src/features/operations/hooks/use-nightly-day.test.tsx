import { describe, expect, test } from 'bun:test';
import { act, renderHook, waitFor } from '@testing-library/react';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { useNightlyDay } from './use-nightly-day.ts';

/** The server's answer for `date` (or its today) while the café's today is `today`. */
function answer(today: string, date: string | null) {
  return {
    locationId: 7,
    businessDate: date ?? today,
    today,
    timezone: 'Asia/Kabul',
    editable: true,
    nightlyCount: null,
    square: { connected: false },
    items: [],
  };
}

describe('useNightlyDay', () => {
  test("the café's midnight during a count keeps the evening's count on screen, and offers the new day", async () => {
    let today = '2026-12-07';
    const { calls } = installFakeFetch((url) =>
      json(answer(today, new URL(url, 'http://localhost').searchParams.get('date'))),
    );
    const { wrapper } = createTestProviders();
    const { result } = renderHook(() => useNightlyDay(7, null), { wrapper });
    await waitFor(() => expect(result.current.nightly.data?.businessDate).toBe('2026-12-07'));
    expect(result.current.dayTurned).toBeNull();
    const readsBefore = calls.length;

    // Midnight at the café: the next re-read asks for the evening's date, not for "today".
    today = '2026-12-08';
    await act(() => result.current.nightly.refetch());
    await waitFor(() => expect(result.current.dayTurned).toBe('2026-12-08'));
    expect(new URL(calls.at(-1)?.url ?? '', 'http://localhost').searchParams.get('date')).toBe('2026-12-07');
    expect(result.current.nightly.data?.businessDate).toBe('2026-12-07');
    // Holding the day read nothing again: the answer for today was kept under its date.
    expect(calls.length).toBe(readsBefore + 1);

    act(() => result.current.showToday());
    await waitFor(() => expect(result.current.nightly.data?.businessDate).toBe('2026-12-08'));
    expect(result.current.dayTurned).toBeNull();
  });

  test('a day picked by a manager is shown as picked, the new day not offered over it', async () => {
    installFakeFetch((url) =>
      json(answer('2026-12-08', new URL(url, 'http://localhost').searchParams.get('date'))),
    );
    const { wrapper } = createTestProviders();
    const { result } = renderHook(() => useNightlyDay(7, '2026-12-05'), { wrapper });
    await waitFor(() => expect(result.current.nightly.data?.businessDate).toBe('2026-12-05'));
    expect(result.current.dayTurned).toBeNull();
  });
});
