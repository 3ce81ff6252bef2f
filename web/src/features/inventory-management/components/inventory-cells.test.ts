import { describe, expect, test } from 'bun:test';
import { shortDate } from './inventory-cells.tsx';

describe('shortDate', () => {
  test("the day is the café's: 23:30 in Los Angeles is not shown as the next day", () => {
    // 07:30 UTC on 2025-11-25 is 23:30 on the 24th in Los Angeles and 16:30 on the 25th in Tokyo.
    expect(shortDate('2025-11-25T07:30:00Z', 'America/Los_Angeles')).toBe('Nov 24, 2025');
    expect(shortDate('2025-11-25T07:30:00Z', 'Asia/Tokyo')).toBe('Nov 25, 2025');
  });

  test('this year leaves the year out', () => {
    const now = new Date();
    const noon = `${now.getUTCFullYear()}-06-15T12:00:00Z`;
    expect(shortDate(noon, 'UTC')).toBe('Jun 15');
  });

  test('an unreadable time is a dash', () => {
    expect(shortDate('not a time', 'UTC')).toBe('—');
  });
});
