import { describe, expect, mock, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { ManualTimers } from '@web/lib/autosave/manual-timers.ts';
import { createMemoryStore } from '@web/lib/autosave/outbox-storage.ts';
import { useAutosave } from './use-autosave.ts';

const isNumber = (value: unknown): value is number => typeof value === 'number';

function leaveAttempt(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
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
});
