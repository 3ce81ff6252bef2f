import { afterEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';
import type { AutosaveSource } from '@web/lib/autosave/use-autosave-selection.ts';
import { idleSnapshot } from '@web-test/fake-outbox.ts';
import { FrameAutosaveBanner } from './frame-autosave.tsx';

/** An outbox whose snapshot the test sets, as the queue's retries and answers would. */
function settableOutbox() {
  const listeners = new Set<() => void>();
  let snapshot: AutosaveSnapshot<unknown> = idleSnapshot();
  const source: AutosaveSource<unknown> = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
  const set = (change: Partial<AutosaveSnapshot<unknown>>) =>
    act(() => {
      snapshot = { ...idleSnapshot(), ...change };
      for (const listener of listeners) listener();
    });
  return { source, set };
}

const itemName = (id: number) => `Product ${id}`;
const banner = () => screen.queryByTestId('autosave-banner');

afterEach(cleanup);

describe('the autosave banner put away while saves retry', () => {
  test('hidden, it stays hidden while more items wait, and shows again for anything else', () => {
    const outbox = settableOutbox();
    render(<FrameAutosaveBanner autosave={{ outbox: outbox.source, itemName }} onRetry={() => {}} />);
    outbox.set({ pending: 1, failing: true });
    expect(banner()?.textContent).toContain('1 item failed to save - retrying...');

    fireEvent.click(screen.getByRole('button', { name: 'Hide this message' }));
    expect(banner()).toBeNull();
    outbox.set({ pending: 4, failing: true, saving: 4 });
    expect(banner()).toBeNull();

    // The network is back: the saved banner shows, and a later failure is told again.
    outbox.set({ savedAt: Date.now() });
    expect(banner()?.textContent).toContain('All changes saved');
    outbox.set({ pending: 2, failing: true });
    expect(banner()?.textContent).toContain('2 items failed to save - retrying...');
  });

  test('a banner that waiting does not clear offers no Hide', () => {
    const outbox = settableOutbox();
    render(<FrameAutosaveBanner autosave={{ outbox: outbox.source, itemName }} onRetry={() => {}} />);
    outbox.set({ pending: 1, blocked: { kind: 'unauthorized', message: 'You were signed out.' } });
    expect(banner()?.textContent).toContain('You were signed out.');
    expect(screen.queryByRole('button', { name: 'Hide this message' })).toBeNull();
  });
});
