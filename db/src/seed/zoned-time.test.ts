import { describe, expect, test } from 'bun:test';
import { seededRandom } from './seeded-random.ts';
import { addDays, localDate, weekdayOf, zonedInstant } from './zoned-time.ts';

describe('zoned time', () => {
  test('a late-evening instant in UTC is still the previous day in New York', () => {
    expect(localDate(new Date('2026-03-10T03:30:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(localDate(new Date('2026-03-10T05:30:00Z'), 'America/New_York')).toBe('2026-03-10');
  });

  test('wall-clock times follow the zone’s offset on both sides of a DST change', () => {
    expect(zonedInstant('2026-03-07', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    expect(zonedInstant('2026-03-09', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(zonedInstant('2026-11-02', 21 * 60 + 15, 'America/Chicago').toISOString()).toBe(
      '2026-11-03T03:15:00.000Z',
    );
  });

  test('calendar arithmetic crosses month ends and knows weekdays', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-03-08')).toBe(0);
    expect(weekdayOf('2026-03-14')).toBe(6);
  });
});

describe('seededRandom', () => {
  test('the same seed gives the same sequence, a different seed another', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => random.int(1, 1000));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  test('int stays within both bounds', () => {
    const random = seededRandom(1);
    const seen = new Set(Array.from({ length: 200 }, () => random.int(3, 4)));
    expect([...seen].sort()).toEqual([3, 4]);
  });
});
