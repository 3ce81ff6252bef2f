import { describe, expect, test } from 'bun:test';
import { newCountTitle } from './stale-count-notice.tsx';

describe('newCountTitle', () => {
  const now = new Date('2026-12-05T15:00:00Z');

  test("names who started the count now open, and when on the café's clock", () => {
    const session = { startedAt: '2026-12-05T12:50:00Z', startedBy: 'Priya Raman' };
    expect(newCountTitle(session, now, 'America/New_York')).toBe(
      'Priya Raman started a new count at this café today at 07:50',
    );
    expect(newCountTitle({ ...session, startedAt: '2026-12-03T12:50:00Z' }, now, 'America/New_York')).toBe(
      'Priya Raman started a new count at this café on 2026-12-03 at 07:50',
    );
  });

  test('nobody known, or no count open', () => {
    expect(newCountTitle({ startedAt: '2026-12-05T12:50:00Z', startedBy: null }, now, 'UTC')).toBe(
      'Someone started a new count at this café today at 12:50',
    );
    expect(newCountTitle(null, now, 'UTC')).toBe('This count was closed on another device');
  });
});
