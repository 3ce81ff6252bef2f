import { describe, expect, mock, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { ManualTimers } from '@web/lib/autosave/manual-timers.ts';
import { createMemoryStore } from '@web/lib/autosave/outbox-storage.ts';
import { reloadKeepingOutbox, useAutosave } from './use-autosave.ts';

const isNumber = (value: unknown): value is number => typeof value === 'number';

function leaveAttempt(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** The network returns and the queue empties, so no edit is left waiting for the tests after. */
async function sendTheRest(reconnect: () => void, timers: ManualTimers): Promise<void> {
  reconnect();
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  await act(() => timers.advance(0));
  expect(leaveAttempt()).toBe(false);
}

describe('autosave in a screen', () => {
  test('leaving the screen does not stop a save that is due', async () => {
    const timers = new ManualTimers();
    const store = createMemoryStore();
    const send = mock(() => Promise.resolve('stored'));
    const { result, unmount } = renderHook(() =>
      useAutosave('screen-a', isNumber, { send }, { store, timers, now: () => timers.now }),
    );
    act(() => result.current.queue.record(12, 4));
    expect(result.current.snapshot.pending).toBe(1);
    unmount();

    await act(() => timers.advance(1000));
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.get('screen-a')).toBeNull();
  });

  test('the browser asks before leaving while something typed is not on the server', async () => {
    const timers = new ManualTimers();
    const clock = { store: createMemoryStore(), timers, now: () => timers.now };
    let online = false;
    const send = mock(() =>
      online ? Promise.resolve('stored') : Promise.reject(new TypeError('Failed to fetch')),
    );
    const { result, unmount } = renderHook(() => useAutosave('screen-b', isNumber, { send }, clock));
    expect(leaveAttempt()).toBe(false);
    act(() => result.current.queue.record(3, 1));
    await act(() => timers.advance(400));
    expect(result.current.snapshot).toMatchObject({ pending: 1, failing: true });
    expect(send).toHaveBeenCalledTimes(1);
    expect(leaveAttempt()).toBe(true);

    // The connection comes back: the browser's `online` event sends at once, without waiting out the pause.
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(() => timers.advance(0));
    expect(send).toHaveBeenCalledTimes(2);
    expect(result.current.snapshot.pending).toBe(0);
    expect(leaveAttempt()).toBe(false);
    unmount();
  });

  test('reloading for a new version skips the question when the edits are on disk, and only that once', async () => {
    const timers = new ManualTimers();
    let online = false;
    const send = mock(() =>
      online ? Promise.resolve('stored') : Promise.reject(new TypeError('Failed to fetch')),
    );
    const durable = { store: createMemoryStore(), timers, now: () => timers.now };
    const { result, unmount } = renderHook(() => useAutosave('screen-c', isNumber, { send }, durable));
    act(() => result.current.queue.record(5, 2));
    await act(() => timers.advance(400));
    expect(result.current.snapshot.pending).toBe(1);

    let askedOnReload: boolean | null = null;
    reloadKeepingOutbox(() => {
      askedOnReload = leaveAttempt();
    });
    expect(askedOnReload as boolean | null).toBe(false);
    expect(leaveAttempt()).toBe(true);
    await sendTheRest(() => {
      online = true;
    }, timers);
    unmount();
  });

  test('reloading for a new version still asks when the browser would not store the edits', async () => {
    const timers = new ManualTimers();
    let online = false;
    const send = mock(() =>
      online ? Promise.resolve('stored') : Promise.reject(new TypeError('Failed to fetch')),
    );
    const memoryOnly = { ...createMemoryStore(), durable: false };
    const options = { store: memoryOnly, timers, now: () => timers.now };
    const { result, unmount } = renderHook(() => useAutosave('screen-d', isNumber, { send }, options));
    act(() => result.current.queue.record(6, 3));
    await act(() => timers.advance(400));

    let askedOnReload: boolean | null = null;
    reloadKeepingOutbox(() => {
      askedOnReload = leaveAttempt();
    });
    expect(askedOnReload as boolean | null).toBe(true);
    await sendTheRest(() => {
      online = true;
    }, timers);
    unmount();
  });
});
