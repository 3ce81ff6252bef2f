import { describe, expect, test } from 'bun:test';
import { parLockedReason } from './par-locked-reason.ts';

const now = new Date('2026-11-25T20:00:00Z');
const zone = 'America/New_York';

describe('parLockedReason', () => {
  test('who and when, the same day as the time only', () => {
    expect(
      parLockedReason({ lockedBy: { name: 'Dana Reyes' }, lockedAt: '2026-11-25T19:02:00Z' }, now, zone),
    ).toBe('Locked by Dana Reyes at 14:02');
  });

  test('an earlier day names the day', () => {
    expect(
      parLockedReason({ lockedBy: { name: 'Dana Reyes' }, lockedAt: '2026-11-24T19:02:00Z' }, now, zone),
    ).toBe('Locked by Dana Reyes on 2026-11-24 at 14:02');
  });

  test('what the server did not say is left out', () => {
    expect(parLockedReason({ lockedBy: null, lockedAt: '2026-11-25T19:02:00Z' }, now, zone)).toBe(
      'Locked at 14:02',
    );
    expect(parLockedReason({ lockedBy: { name: 'Dana Reyes' }, lockedAt: null }, now, zone)).toBe(
      'Locked by Dana Reyes',
    );
    expect(parLockedReason({ lockedBy: null, lockedAt: 'not a time' }, now, zone)).toBe('Locked');
  });
});
