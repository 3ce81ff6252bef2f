import { afterEach, expect, test } from 'bun:test';
import { cleanup, render, screen } from '@testing-library/react';
import { OfflineWaitNote } from './offline-wait-note.tsx';

function deviceOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(() => {
  cleanup();
  deviceOnline(true);
});

test('a save waiting offline says it goes when the network returns; otherwise nothing is said', () => {
  deviceOnline(false);
  const { rerender } = render(<OfflineWaitNote waiting />);
  expect(screen.getByRole('status').textContent).toBe('Offline: this is sent when the network returns.');
  rerender(<OfflineWaitNote waiting={false} />);
  expect(screen.queryByRole('status')).toBeNull();
  deviceOnline(true);
  rerender(<OfflineWaitNote waiting />);
  expect(screen.queryByRole('status')).toBeNull();
});
