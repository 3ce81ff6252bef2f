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
});
