import { describe, expect, test } from 'bun:test';
import { closingDayKept, endedClosures, wasOpenOn } from './cafe-open-days.ts';

describe('a café’s open days', () => {
  const cafe = {
    openedOn: '2026-01-05',
    closedSpells: [
      { closedOn: '2026-02-10', reopenedOn: '2026-02-13' },
      { closedOn: '2026-03-01', reopenedOn: null },
    ],
  };
  test('from its first day on, less each spell from its closing day to the day before it opened again', () => {
    expect(wasOpenOn(cafe, '2026-01-04')).toBe(false);
    expect(wasOpenOn(cafe, '2026-01-05')).toBe(true);
    expect(wasOpenOn(cafe, '2026-02-09')).toBe(true);
    expect(wasOpenOn(cafe, '2026-02-10')).toBe(false);
    expect(wasOpenOn(cafe, '2026-02-12')).toBe(false);
    expect(wasOpenOn(cafe, '2026-02-13')).toBe(true);
    expect(wasOpenOn(cafe, '2026-02-28')).toBe(true);
    expect(wasOpenOn(cafe, '2026-03-01')).toBe(false);
    expect(wasOpenOn(cafe, '2027-01-01')).toBe(false);
  });
  test('closed and opened again on one day: open that day', () => {
    expect(
      wasOpenOn(
        { ...cafe, closedSpells: [{ closedOn: '2026-02-10', reopenedOn: '2026-02-10' }] },
        '2026-02-10',
      ),
    ).toBe(true);
  });
  test('the closing day is known while a spell has no end', () => {
    expect(closingDayKept(cafe.closedSpells)).toBe(true);
    expect(closingDayKept(cafe.closedSpells.slice(0, 1))).toBe(false);
    expect(closingDayKept([])).toBe(false);
  });
  test('the closures that ended are those that kept it closed a day or more', () => {
    expect(
      endedClosures([{ closedOn: '2026-01-10', reopenedOn: '2026-01-10' }, ...cafe.closedSpells]),
    ).toEqual([{ closedOn: '2026-02-10', reopenedOn: '2026-02-13' }]);
  });
});
