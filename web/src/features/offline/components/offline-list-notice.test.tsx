import { describe, expect, test } from 'bun:test';
import { offlineListText } from './offline-list-notice.tsx';

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
