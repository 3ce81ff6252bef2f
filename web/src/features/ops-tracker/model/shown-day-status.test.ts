import { describe, expect, test } from 'bun:test';
import { followsTheCafes, shownDayStatus } from './shown-day-status.ts';

const ended = { dayOver: true };
const running = { dayOver: false };

describe('shownDayStatus', () => {
  test('"as it ended" only when the day has ended at every café', () => {
    expect(shownDayStatus('2026-12-07', [ended, ended])).toBe('2026-12-07 as it ended');
  });

  test("a day still running at some cafés says so, not that it ended (Sydney's tomorrow from Tokyo)", () => {
    expect(shownDayStatus('2026-12-07', [ended, running, running])).toBe(
      '2026-12-07 · ended at 1 café, still running at 2 cafés; refreshes every minute',
    );
    expect(shownDayStatus('2026-12-07', [running])).toBe(
      '2026-12-07 · still running at every café, refreshes every minute',
    );
  });
});

describe('followsTheCafes', () => {
  test('today always; an earlier day while it runs anywhere; never once it has ended everywhere', () => {
    expect(followsTheCafes(undefined, undefined)).toBe(true);
    expect(followsTheCafes('2026-12-07', [ended, running])).toBe(true);
    expect(followsTheCafes('2026-12-07', [ended, ended])).toBe(false);
    expect(followsTheCafes('2026-12-07', undefined)).toBe(false);
  });
});
