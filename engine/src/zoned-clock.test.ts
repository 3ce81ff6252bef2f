import { describe, expect, test } from 'bun:test';
import { clockDate, clockTime, wallClockIn } from './zoned-clock.ts';

describe('wallClockIn', () => {
  test('reads the clock of the zone, not of the server', () => {
    const instant = new Date('2026-03-01T04:30:00Z');
    expect(clockDate(wallClockIn(instant, 'America/Chicago'))).toBe('2026-02-28');
    expect(clockTime(wallClockIn(instant, 'America/Chicago'))).toBe('22:30');
    expect(clockDate(wallClockIn(instant, 'UTC'))).toBe('2026-03-01');
  });

  test('just after midnight is 00, never 24', () => {
    expect(clockTime(wallClockIn(new Date('2026-06-01T00:05:00Z'), 'UTC'))).toBe('00:05');
  });

  test('follows daylight saving time', () => {
    expect(wallClockIn(new Date('2026-01-15T12:00:00Z'), 'America/New_York').hour).toBe(7);
    expect(wallClockIn(new Date('2026-07-15T12:00:00Z'), 'America/New_York').hour).toBe(8);
  });

  test('an unknown zone is a RangeError', () => {
    expect(() => wallClockIn(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
