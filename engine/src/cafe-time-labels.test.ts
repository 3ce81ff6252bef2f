import { describe, expect, test } from 'bun:test';
import { countCompletedLabel, whenPhrase } from './cafe-time-labels.ts';

const NEW_YORK = 'America/New_York';

describe('countCompletedLabel in a given time zone', () => {
  // 2025-06-14 23:30 in New York (EDT, UTC-4).
  const lateEvening = new Date('2025-06-15T03:30:00Z');

  test('a completion at local midnight of the same day is Today', () => {
    expect(countCompletedLabel('2025-06-14T04:00:00Z', lateEvening, NEW_YORK)).toBe('Today 00:00');
  });

  test('a completion one minute before local midnight is the previous day', () => {
    expect(countCompletedLabel('2025-06-14T03:59:00Z', lateEvening, NEW_YORK)).toBe('2025-06-13 23:59');
  });

  test('the same UTC day is not Today when the local days differ', () => {
    // 01:00 on the 15th in New York; the completion was 22:00 on the 14th there, though both are the 15th in UTC.
    const justAfterMidnight = new Date('2025-06-15T05:00:00Z');
    expect(countCompletedLabel('2025-06-15T02:00:00Z', justAfterMidnight, NEW_YORK)).toBe('2025-06-14 22:00');
  });

  test('different UTC days are Today when the local day is the same', () => {
    // 20:10 and 23:30 on the 14th in New York; the completion is already the 15th in UTC.
    expect(countCompletedLabel('2025-06-15T00:10:00Z', lateEvening, NEW_YORK)).toBe('Today 20:10');
  });

  test('hours are 00-23 with leading zeros', () => {
    const now = new Date('2025-06-14T23:00:00Z');
    expect(countCompletedLabel('2025-06-14T00:05:00Z', now, 'UTC')).toBe('Today 00:05');
    expect(countCompletedLabel('2025-06-14T13:07:00Z', now, 'UTC')).toBe('Today 13:07');
  });

  test('a day of the clocks going forward is still one day', () => {
    // 2025-03-09 in New York: 01:30 EST, then 03:30 EDT after the clocks jumped.
    expect(countCompletedLabel('2025-03-09T06:30:00Z', new Date('2025-03-09T07:30:00Z'), NEW_YORK)).toBe(
      'Today 01:30',
    );
  });

  test('an earlier year shows the full date', () => {
    expect(countCompletedLabel('2024-12-31T12:00:00Z', new Date('2025-01-01T12:00:00Z'), 'UTC')).toBe(
      '2024-12-31 12:00',
    );
  });

  test('a Date works as well as an ISO string', () => {
    expect(countCompletedLabel(new Date('2025-06-14T12:34:00Z'), lateEvening, NEW_YORK)).toBe('Today 08:34');
  });

  test('an unreadable time gives no label', () => {
    expect(countCompletedLabel('not a date', lateEvening, NEW_YORK)).toBeNull();
    expect(countCompletedLabel('2025-06-14T12:00:00Z', new Date(Number.NaN), NEW_YORK)).toBeNull();
  });
});

describe('countCompletedLabel in the local time zone', () => {
  // Built from local fields, so these hold on a machine in any time zone.
  const now = new Date(2025, 5, 14, 23, 0);

  test('the first minute of the local day is Today', () => {
    expect(countCompletedLabel(new Date(2025, 5, 14, 0, 0), now)).toBe('Today 00:00');
  });

  test('the last minute of the previous local day shows its date', () => {
    expect(countCompletedLabel(new Date(2025, 5, 13, 23, 59), now)).toBe('2025-06-13 23:59');
  });

  test('a completion later on the same day is Today', () => {
    expect(countCompletedLabel(new Date(2025, 5, 14, 9, 5), new Date(2025, 5, 14, 9, 6))).toBe('Today 09:05');
  });
});

describe('whenPhrase: the same moment inside a sentence', () => {
  const lateEvening = new Date('2025-06-15T03:30:00Z');

  test("the café's today reads 'today at HH:mm'", () => {
    expect(whenPhrase('2025-06-15T00:10:00Z', lateEvening, NEW_YORK)).toBe('today at 20:10');
  });

  test("an earlier day of the café reads 'on yyyy-MM-dd at HH:mm'", () => {
    expect(whenPhrase('2025-06-14T03:59:00Z', lateEvening, NEW_YORK)).toBe('on 2025-06-13 at 23:59');
  });

  test('an unreadable time gives no phrase', () => {
    expect(whenPhrase('not a time', lateEvening, NEW_YORK)).toBeNull();
  });
});
