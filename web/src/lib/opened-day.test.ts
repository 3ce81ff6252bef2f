import { beforeEach, describe, expect, test } from 'bun:test';
import { forgetOpenedDay, openScreenOnDay, readOpenedDay } from './opened-day.ts';

describe('opened day', () => {
  beforeEach(() => window.sessionStorage.clear());

  test('the screen a link named reads the day; another screen and a forgotten day read none', () => {
    openScreenOnDay('nightly_counts', '2026-10-21');
    expect(readOpenedDay('nightly_counts')).toBe('2026-10-21');
    forgetOpenedDay();
    expect(readOpenedDay('nightly_counts')).toBeNull();
    window.sessionStorage.setItem('openedDay', JSON.stringify({ screen: 'cafe_ops', date: '2026-10-21' }));
    expect(readOpenedDay('nightly_counts')).toBeNull();
  });

  test('anything but a date stored under the key reads as none', () => {
    window.sessionStorage.setItem(
      'openedDay',
      JSON.stringify({ screen: 'nightly_counts', date: 'yesterday' }),
    );
    expect(readOpenedDay('nightly_counts')).toBeNull();
    window.sessionStorage.setItem('openedDay', '{not json');
    expect(readOpenedDay('nightly_counts')).toBeNull();
  });
});
