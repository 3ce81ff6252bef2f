import { describe, expect, test } from 'bun:test';
import { lastCountedText } from './last-counted.ts';

describe('last counted', () => {
  const now = new Date(2025, 2, 10, 16, 0);
  test('says when and by whom, today or with the date', () => {
    expect(lastCountedText(new Date(2025, 2, 10, 14, 5).toISOString(), 'Sam Staff', now)).toBe(
      'Counted Today 14:05 by Sam Staff',
    );
    expect(lastCountedText(new Date(2025, 2, 8, 7, 30).toISOString(), null, now)).toBe(
      'Counted 2025-03-08 07:30',
    );
  });

  test('an item nobody counted says so', () => {
    expect(lastCountedText(null, null, now)).toBe('Not counted yet');
    expect(lastCountedText('not a date', 'Sam', now)).toBe('Not counted yet');
  });

  test('a label follows the clock: counted today becomes a date the next day', () => {
    const countedAt = new Date(2025, 2, 10, 14, 5).toISOString();
    expect(lastCountedText(countedAt, 'Sam Staff', now)).toBe('Counted Today 14:05 by Sam Staff');
    expect(lastCountedText(countedAt, 'Sam Staff', new Date(2025, 2, 11, 9, 0))).toBe(
      'Counted 2025-03-10 14:05 by Sam Staff',
    );
    expect(lastCountedText(countedAt, 'Kim', new Date(2025, 2, 11, 9, 0))).toBe(
      'Counted 2025-03-10 14:05 by Kim',
    );
  });

  test("in the café's time zone when one is given, and each zone keeps its own labels", () => {
    // 01:30 UTC on the 11th is 20:30 on the 10th in Chicago (CDT) and 10:30 on the 11th in Tokyo.
    const countedAt = '2025-03-11T01:30:00Z';
    const at = new Date('2025-03-11T03:00:00Z');
    expect(lastCountedText(countedAt, 'Sam Staff', at, 'America/Chicago')).toBe(
      'Counted Today 20:30 by Sam Staff',
    );
    expect(lastCountedText(countedAt, 'Sam Staff', at, 'Asia/Tokyo')).toBe(
      'Counted Today 10:30 by Sam Staff',
    );
    const nextMorningInTokyo = new Date('2025-03-11T23:00:00Z');
    expect(lastCountedText(countedAt, 'Sam Staff', nextMorningInTokyo, 'Asia/Tokyo')).toBe(
      'Counted 2025-03-11 10:30 by Sam Staff',
    );
  });
});
