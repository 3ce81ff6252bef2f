import { describe, expect, test } from 'bun:test';
import { formatDateTime } from './display-format.ts';

describe('formatDateTime', () => {
  const instant = '2026-12-05T12:50:00Z';

  test("in the café's zone, named when it is not the device's", () => {
    // Kathmandu is UTC+5:45: a zone no test machine runs in.
    expect(formatDateTime(instant, 'Asia/Kathmandu')).toBe('Dec 5, 2026, 6:35 PM GMT+5:45');
  });

  test("the device's own zone is not named", () => {
    const own = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDateTime(instant, own)).toBe(formatDateTime(instant));
    expect(formatDateTime(instant)).not.toMatch(/GMT|[A-Z]{3}$/);
  });

  test('an unknown zone falls back to the device; an unreadable time is a dash', () => {
    expect(formatDateTime(instant, 'Nowhere/Atlantis')).toBe(formatDateTime(instant));
    expect(formatDateTime('not a time', 'Asia/Kathmandu')).toBe('—');
    expect(formatDateTime(null)).toBe('—');
  });
});
