import { describe, expect, test } from 'bun:test';
import { parseOpsDaySearch } from './ops-day-search.ts';
import { cafeToday, opsDaySearch, opsDayToShow } from './ops-day-to-show.ts';

describe('parseOpsDaySearch', () => {
  test('keeps a calendar day', () => {
    expect(parseOpsDaySearch({ day: '2026-02-28' })).toEqual({ day: '2026-02-28' });
    expect(parseOpsDaySearch({ day: '2024-02-29' })).toEqual({ day: '2024-02-29' });
  });

  test('drops anything that is not a day the server takes, so the page opens on today', () => {
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      'abc',
      '',
      '0000-01-01',
      '1969-12-31',
      '10000-01-01',
      '2026-3-1',
      ' 2026-03-01',
      '2026-03-01T00:00:00Z',
      `2026-03-01${'9'.repeat(100_000)}`,
      'x'.repeat(100_000),
      20260301,
      ['2026-03-01', '2026-03-02'],
      { day: '2026-03-01' },
      null,
      true,
    ]) {
      expect(parseOpsDaySearch({ day: bad })).toEqual({ day: undefined });
    }
  });

  test('answers `day` when the address has none, over a raw search that keeps other keys', () => {
    expect(parseOpsDaySearch({})).toEqual({ day: undefined });
    expect(parseOpsDaySearch({ other: 'x' })).toEqual({ day: undefined });
  });
});

describe('opsDayToShow', () => {
  const today = '2026-03-10';

  test('an earlier day is shown as it ended', () => {
    expect(opsDayToShow('2026-03-09', today)).toBe('2026-03-09');
    expect(opsDayToShow('2025-10-01', today)).toBe('2025-10-01');
  });

  test('today, a day not begun yet, a cleared field or a bad value is the live view', () => {
    for (const value of [today, '2026-03-11', '9999-12-31', '', undefined, '2026-02-30', 'abc', 20260309]) {
      expect(opsDayToShow(value, today)).toBeUndefined();
    }
  });

  test("a day after today in the café's time zone is the live view, though the device has begun it", () => {
    // 11:30 UTC on 10 March: the 11th in Kiritimati (UTC+14), still the 10th in Honolulu (UTC-10).
    const now = new Date('2026-03-10T11:30:00Z');
    expect(cafeToday('Pacific/Kiritimati', now)).toBe('2026-03-11');
    expect(cafeToday('Pacific/Honolulu', now)).toBe('2026-03-10');
    expect(opsDayToShow('2026-03-10', cafeToday('Pacific/Kiritimati', now))).toBe('2026-03-10');
    expect(opsDayToShow('2026-03-10', cafeToday('Pacific/Honolulu', now))).toBeUndefined();
    expect(opsDayToShow('2026-03-09', cafeToday('Pacific/Honolulu', now))).toBe('2026-03-09');
  });
});

describe('opsDaySearch', () => {
  test("today's live view leaves the address without a day", () => {
    expect(opsDaySearch(undefined)).toEqual({});
    expect(opsDaySearch('2026-03-09')).toEqual({ day: '2026-03-09' });
  });
});
