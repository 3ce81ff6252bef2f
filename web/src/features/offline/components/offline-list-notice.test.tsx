import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, render, screen } from '@testing-library/react';
import { noteReadAnswer, resetCachedReads } from '@web/lib/offline/reads-from-cache.ts';
import { OfflineListNotice, offlineListText } from './offline-list-notice.tsx';

describe('how old the list on screen is', () => {
  test('a list kept today gives its time; one kept on an earlier day names that day', () => {
    const now = new Date(2026, 10, 25, 16, 30).getTime();
    expect(offlineListText(new Date(2026, 10, 25, 14, 5).getTime(), now)).toBe(
      'Offline — showing the list from 14:05',
    );
    expect(offlineListText(new Date(2026, 10, 24, 21, 40).getTime(), now)).toBe(
      'Offline — showing the list from Tue, Nov 24, 21:40',
    );
  });
});

describe('the notice above the screens', () => {
  afterEach(() => {
    cleanup();
    resetCachedReads();
    localStorage.clear();
  });

  test('shows above a counting screen whose list came from the device, not above the Shopping List', () => {
    noteReadAnswer('/api/products', '/api/products', new Date(2026, 10, 25, 14, 5).toISOString());
    localStorage.setItem('selectedAction', 'count_inventory');
    const { unmount } = render(<OfflineListNotice />);
    expect(screen.getByTestId('offline-list-notice').textContent).toContain(
      'Offline — showing the list from',
    );
    unmount();
    // The Shopping List needs the network and says so itself: two notices that disagree would be one too many.
    localStorage.setItem('selectedAction', 'shopping_list');
    render(<OfflineListNotice />);
    expect(screen.queryByTestId('offline-list-notice')).toBeNull();
  });
});
