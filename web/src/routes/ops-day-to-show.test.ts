import { describe, expect, test } from 'bun:test';
import { cafesToday, latestCafeDay } from './ops-day-to-show.ts';

describe('cafesToday', () => {
  // 05:30 UTC on 7 December: 00:30 in New York, still 6 December in Chicago, already 8 December in Kiritimati.
  const now = new Date('2026-12-07T05:30:00Z');

  test('is the latest day among the cafés, whatever the device’s zone', () => {
    expect(cafesToday([{ timezone: 'America/Chicago' }], now)).toBe('2026-12-06');
    expect(cafesToday([{ timezone: 'America/Chicago' }, { timezone: 'America/New_York' }], now)).toBe(
      '2026-12-07',
    );
    expect(cafesToday([{ timezone: 'Pacific/Honolulu' }], now)).toBe('2026-12-06');
  });

  test('a café without a zone, or none at all, takes the device’s day', () => {
    const device = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(cafesToday([], now)).toBe(device);
    expect(cafesToday([{}], now)).toBe(device);
  });
});

describe('latestCafeDay', () => {
  test("the latest of the cafés' days in today's grid, as the server's clock has them; none before it is read", () => {
    expect(latestCafeDay([{ businessDate: '2026-12-07' }, { businessDate: '2026-12-08' }])).toBe(
      '2026-12-08',
    );
    expect(latestCafeDay([])).toBeUndefined();
    expect(latestCafeDay(undefined)).toBeUndefined();
  });
});
