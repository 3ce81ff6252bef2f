import { describe, expect, test } from 'bun:test';
import { countedLate } from './nightly-late-entry.ts';

describe('countedLate', () => {
  test('a count typed offline at 23:59 and sent after midnight was counted that night, not late', () => {
    // Kabul is UTC+4:30: 19:29 UTC is 23:59 there, 19:31 UTC is 00:01 the next day.
    const item = { typedAt: '2026-12-07T19:29:20Z', countedAt: '2026-12-07T19:30:20Z' };
    expect(countedLate(item, '2026-12-07', 'Asia/Kabul')).toBe(false);
  });

  test('one typed after midnight for the evening before is a late entry', () => {
    const item = { typedAt: '2026-12-07T19:31:00Z', countedAt: '2026-12-07T19:31:01Z' };
    expect(countedLate(item, '2026-12-07', 'Asia/Kabul')).toBe(true);
  });

  test('without a typing time, the time it was saved decides; never counted is never late', () => {
    expect(
      countedLate({ typedAt: null, countedAt: '2026-12-07T19:31:00Z' }, '2026-12-07', 'Asia/Kabul'),
    ).toBe(true);
    expect(countedLate({ typedAt: null, countedAt: null }, '2026-12-07', 'Asia/Kabul')).toBe(false);
  });
});
