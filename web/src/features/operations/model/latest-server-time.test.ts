import { describe, expect, test } from 'bun:test';
import { latestServerTime } from './latest-server-time.ts';

describe('latestServerTime', () => {
  test("the later of the count's clear and its items' typing times, whatever their precision", () => {
    const answer = {
      countSession: { clearedAt: '2026-12-07T19:00:00.5Z' },
      items: [
        { typedAt: null },
        { typedAt: '2026-12-07T19:00:00.401004Z' },
        { typedAt: '2026-12-07T18:59:59Z' },
      ],
    };
    expect(latestServerTime(answer)).toBe('2026-12-07T19:00:00.5Z');
    answer.items.push({ typedAt: '2026-12-07T19:00:01.000001Z' });
    expect(latestServerTime(answer)).toBe('2026-12-07T19:00:01.000001Z');
  });

  test('nothing shown, nothing to be later than', () => {
    expect(latestServerTime(undefined)).toBeNull();
    expect(latestServerTime({ countSession: null, items: [{ typedAt: null }] })).toBeNull();
  });
});
