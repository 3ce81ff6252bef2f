import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { businessDateIn, daysBetween, NIGHTLY_EDITABLE_DAYS, nightlyDateAccess } from './business-date.ts';

describe('businessDateIn', () => {
  test("is the location's calendar day, not the server's", () => {
    const lateEvening = new Date('2025-03-11T03:30:00Z'); // 22:30 on the 10th in Chicago (CDT, UTC-5)
    expect(businessDateIn(lateEvening, 'America/Chicago')).toBe('2025-03-10');
    expect(businessDateIn(lateEvening, 'UTC')).toBe('2025-03-11');
    expect(businessDateIn(lateEvening, 'Europe/Berlin')).toBe('2025-03-11');
  });

  test('midnight belongs to the new day', () => {
    expect(businessDateIn(new Date('2025-03-10T05:00:00Z'), 'America/Chicago')).toBe('2025-03-10');
    expect(businessDateIn(new Date('2025-03-10T04:59:59Z'), 'America/Chicago')).toBe('2025-03-09');
  });

  test('an unknown time zone is an error, not a silent UTC', () => {
    expect(() => businessDateIn(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  test('counts calendar days, across month ends and DST changes', () => {
    expect(daysBetween('2025-02-27', '2025-03-02')).toBe(3);
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2);
    expect(daysBetween('2025-03-10', '2025-03-08')).toBe(-2);
  });

  test('adding n days and measuring gives n back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), (n) => {
        const start = new Date(Date.UTC(2024, 0, 1));
        const end = new Date(start.getTime() + n * 86_400_000).toISOString().slice(0, 10);
        return daysBetween('2024-01-01', end) === n;
      }),
    );
  });
});

describe('nightlyDateAccess', () => {
  test(`today and the ${NIGHTLY_EDITABLE_DAYS} days before are editable, older days read-only`, () => {
    expect(nightlyDateAccess('2025-03-10', '2025-03-10')).toBe('editable');
    expect(nightlyDateAccess('2025-03-03', '2025-03-10')).toBe('editable');
    expect(nightlyDateAccess('2025-03-02', '2025-03-10')).toBe('read_only');
  });

  test('a day after today does not exist yet', () => {
    expect(nightlyDateAccess('2025-03-11', '2025-03-10')).toBe('future');
  });
});
