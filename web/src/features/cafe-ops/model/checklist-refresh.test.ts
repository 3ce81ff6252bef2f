import { describe, expect, test } from 'bun:test';
import { CHECKLIST_REFRESH_MS, liveChecklistRefetchMs, liveChecklistStaleMs } from './checklist-refresh.ts';

describe('liveChecklistRefetchMs', () => {
  const kabul = { today: '2026-12-07', timezone: 'Asia/Kabul' };
  // Midnight after 7 December in Kabul (UTC+4:30) is 19:30 UTC.
  const midnight = Date.parse('2026-12-07T19:30:00Z');

  test("a second after the café's midnight when it comes within the minute", () => {
    expect(liveChecklistRefetchMs(kabul, midnight - 5_000)).toBe(6_000);
    expect(liveChecklistRefetchMs(kabul, midnight - 1)).toBe(1_001);
  });

  test("on the café's clock, not the device's: Dubai's midnight is half an hour later", () => {
    const dubai = { today: '2026-12-07', timezone: 'Asia/Dubai' };
    expect(liveChecklistRefetchMs(dubai, midnight - 5_000)).toBe(CHECKLIST_REFRESH_MS);
    expect(liveChecklistRefetchMs(dubai, Date.parse('2026-12-07T20:00:00Z') - 5_000)).toBe(6_000);
  });

  test('every minute otherwise, and when the device has passed a midnight the answer has not', () => {
    expect(liveChecklistRefetchMs(kabul, midnight - 3_600_000)).toBe(CHECKLIST_REFRESH_MS);
    expect(liveChecklistRefetchMs(kabul, midnight + 10_000)).toBe(CHECKLIST_REFRESH_MS);
    expect(liveChecklistRefetchMs(undefined)).toBe(CHECKLIST_REFRESH_MS);
  });
});

describe('liveChecklistStaleMs', () => {
  const kabul = { today: '2026-12-07', timezone: 'Asia/Kabul' };
  const midnight = Date.parse('2026-12-07T19:30:00Z');

  test("a read stands a minute, and not past the café's midnight", () => {
    expect(liveChecklistStaleMs(kabul, midnight - 3_600_000)).toBe(CHECKLIST_REFRESH_MS);
    expect(liveChecklistStaleMs(kabul, midnight - 20_000)).toBe(20_000);
    expect(liveChecklistStaleMs(kabul, midnight + 1)).toBe(0);
    expect(liveChecklistStaleMs(undefined, midnight)).toBe(0);
  });
});
