import { describe, expect, test } from 'bun:test';
import {
  daysOfWeek,
  dueInWeek,
  isInReportRange,
  usageJumps,
  usageOf,
  usagePerDay,
  weekStartOf,
} from './report-measures.ts';

describe('usageOf', () => {
  test('is previous count + received − this count', () => {
    expect(usageOf({ previousCount: 10, received: 6, count: 4 })).toBe(12);
  });
  test('is unknown without a previous count (first count, or a product added since), never 0', () => {
    expect(usageOf({ previousCount: null, received: 6, count: 4 })).toBeNull();
  });
  test('stays negative when more is on the shelf than could be: an unrecorded delivery or a miscount', () => {
    expect(usageOf({ previousCount: 2, received: 0, count: 5 })).toBe(-3);
  });
  test('keeps quarter units exact to the hundredth', () => {
    expect(usageOf({ previousCount: 1.25, received: 0.5, count: 0.75 })).toBe(1);
  });
});

describe('usagePerDay', () => {
  test('divides by the fractional days between the counts', () => {
    expect(usagePerDay(7, 3.5)).toBe(2);
  });
  test('is unknown when usage is, or when no time passed', () => {
    expect(usagePerDay(null, 3)).toBeNull();
    expect(usagePerDay(4, 0)).toBeNull();
    expect(usagePerDay(4, null)).toBeNull();
  });
});

describe('usageJumps', () => {
  const at = (key: string, usagePerDay: number | null) => ({ key, usagePerDay });
  test('flags an interval above twice the median of the same product’s other intervals', () => {
    expect(usageJumps([at('a', 1), at('a', 1.2), at('a', 0.9), at('a', 2.5)])).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
  test('exactly twice the usual is not a jump', () => {
    expect(usageJumps([at('a', 1), at('a', 1), at('a', 2)])).toEqual([false, false, false]);
  });
  test('needs two other measured intervals: a product added mid-range is not flagged on its second count', () => {
    expect(usageJumps([at('new', null), at('new', 1), at('new', 5)])).toEqual([false, false, false]);
  });
  test('compares a product only with itself at the same café', () => {
    expect(usageJumps([at('a', 1), at('a', 1), at('b', 3)])).toEqual([false, false, false]);
  });
  test('a usual usage of zero (a retired product that sits) flags nothing', () => {
    expect(usageJumps([at('old', 0), at('old', 0), at('old', 1)])).toEqual([false, false, false]);
  });
});

describe('weekStartOf', () => {
  test('weeks start on Monday; Sunday belongs to the week before', () => {
    expect(weekStartOf('2026-03-09')).toBe('2026-03-09');
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02');
    expect(weekStartOf('2026-01-01')).toBe('2025-12-29');
  });
});

describe('isInReportRange', () => {
  test('a count completed at 23:30 in Chicago on the last day is in range, though UTC already says tomorrow', () => {
    const lateEvening = new Date('2026-03-11T04:30:00Z'); // 23:30 CDT on 10 March
    expect(isInReportRange(lateEvening, 'America/Chicago', '2026-03-01', '2026-03-10')).toBe(true);
    expect(isInReportRange(lateEvening, 'UTC', '2026-03-01', '2026-03-10')).toBe(false);
  });
  test('a count at 00:30 local on the first day is in range, though UTC still says the day before', () => {
    const justAfterMidnight = new Date('2026-03-01T05:30:00Z'); // 00:30 EST on 1 March
    expect(isInReportRange(justAfterMidnight, 'America/New_York', '2026-03-01', '2026-03-10')).toBe(true);
    expect(
      isInReportRange(new Date('2026-03-01T04:30:00Z'), 'America/New_York', '2026-03-01', '2026-03-10'),
    ).toBe(false);
  });
});

describe('what was due', () => {
  const week = {
    weekStart: '2026-03-02',
    from: '2026-03-01',
    to: '2026-03-31',
    today: '2026-03-20',
    openedOn: '2026-01-01',
    closedSpells: [],
  };
  const closedFrom = (closedOn: string, reopenedOn: string | null = null) => ({
    ...week,
    closedSpells: [{ closedOn, reopenedOn }],
  });
  test('nightly counts are due on the week’s days inside the range and before today', () => {
    expect(dueInWeek(week)).toMatchObject({ countsDue: 1, nightlyDue: 7 });
    expect(dueInWeek({ ...week, from: '2026-03-04', to: '2026-03-06' })).toMatchObject({
      countsDue: 1,
      nightlyDue: 3,
    });
    // Tonight's count is not late yet.
    expect(dueInWeek({ ...week, weekStart: '2026-03-09', today: '2026-03-11' }).nightlyDue).toBe(2);
    expect(dueInWeek({ ...week, weekStart: '2026-03-16', today: '2026-03-11' }).nightlyDue).toBe(0);
  });
  test('one full count is due for each week that has begun', () => {
    expect(dueInWeek({ ...week, today: '2026-03-11' }).countsDue).toBe(1);
    expect(dueInWeek({ ...week, weekStart: '2026-03-16', today: '2026-03-11' }).countsDue).toBe(0);
    // The week that straddles the range's first day, read on that day.
    expect(dueInWeek({ ...week, weekStart: '2026-02-23', today: '2026-03-01' })).toMatchObject({
      countsDue: 1,
      nightlyDue: 0,
    });
  });
  test('a week wholly before the café opened holds it to nothing; the week it opened from its first day', () => {
    expect(dueInWeek({ ...week, openedOn: '2026-03-06' })).toMatchObject({ countsDue: 1, nightlyDue: 3 });
    expect(dueInWeek({ ...week, openedOn: '2026-03-09' })).toMatchObject({ countsDue: 0, nightlyDue: 0 });
    // The range ends before its first day: no nightly count of the range was due, and the week's full count was
    // owed from its first day on (the week is not shown, showsComplianceWeek).
    expect(dueInWeek({ ...week, to: '2026-03-04', openedOn: '2026-03-05' })).toMatchObject({
      countsDue: 1,
      nightlyDue: 0,
    });
    // Opened today: tonight's count is not late, and the week's full count is due from today.
    const thisWeek = { ...week, weekStart: '2026-03-09', today: '2026-03-11' };
    expect(dueInWeek({ ...thisWeek, openedOn: '2026-03-11' })).toMatchObject({ countsDue: 1, nightlyDue: 0 });
    expect(dueInWeek({ ...thisWeek, openedOn: '2026-03-12' })).toMatchObject({ countsDue: 0, nightlyDue: 0 });
  });
  test('a closed café is held to the days before its closing day, and to nothing from the week it closed on', () => {
    // Closed on Thursday 5 March: Monday to Wednesday's nightly counts and the week's full count were due.
    expect(dueInWeek(closedFrom('2026-03-05'))).toMatchObject({ countsDue: 1, nightlyDue: 3 });
    expect(dueInWeek(closedFrom('2026-03-10'))).toMatchObject({ countsDue: 1, nightlyDue: 7 });
    // Closed on the week's Monday, or before it: nothing.
    expect(dueInWeek(closedFrom('2026-03-02'))).toMatchObject({ countsDue: 0, nightlyDue: 0 });
    expect(dueInWeek(closedFrom('2026-02-20'))).toMatchObject({ countsDue: 0, nightlyDue: 0 });
    // The range begins after the week's Monday, on the closing day: none of the report's days were open, so no
    // nightly count was due in it; the week's full count was owed on its open days all the same (the week is not
    // shown, showsComplianceWeek).
    expect(dueInWeek({ ...closedFrom('2026-03-05'), from: '2026-03-05' })).toMatchObject({
      countsDue: 1,
      nightlyDue: 0,
    });
    // Closing later than today changes nothing: today is where the count stops anyway.
    expect(dueInWeek({ ...closedFrom('2026-03-25'), weekStart: '2026-03-16' })).toMatchObject({
      countsDue: 1,
      nightlyDue: 4,
    });
  });
  test('a week’s days run Monday to Sunday, across a month’s end', () => {
    expect(daysOfWeek('2026-02-23')).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
  test('the days a café was closed are counted, up to today and from its first day', () => {
    expect(dueInWeek(week).daysClosed).toBe(0);
    // Closed on Thursday 5 March: Thursday to Sunday.
    expect(dueInWeek(closedFrom('2026-03-05')).daysClosed).toBe(4);
    // Shut from Tuesday to Thursday, open again on Friday.
    expect(dueInWeek(closedFrom('2026-03-03', '2026-03-06')).daysClosed).toBe(3);
    // Today is Wednesday 11 March: the days to come are not counted yet.
    expect(
      dueInWeek({ ...closedFrom('2026-03-01'), weekStart: '2026-03-09', today: '2026-03-11' }).daysClosed,
    ).toBe(3);
    // Opened on Saturday 7 March after a spell that began before: only the days it existed.
    expect(dueInWeek({ ...closedFrom('2026-03-01', '2026-03-08'), openedOn: '2026-03-07' }).daysClosed).toBe(
      1,
    );
    // The range cut to Wednesday and Thursday.
    expect(dueInWeek({ ...closedFrom('2026-03-05'), from: '2026-03-04', to: '2026-03-05' }).daysClosed).toBe(
      1,
    );
  });
  test('a café closed for a spell and opened again owes the days around the spell, not the days in it', () => {
    // Closed on Tuesday 3 March, open again on Friday 6 March: Monday, Friday, Saturday and Sunday were due.
    expect(dueInWeek(closedFrom('2026-03-03', '2026-03-06'))).toMatchObject({ countsDue: 1, nightlyDue: 4 });
    // Closed the whole week (from the Friday before to the Monday after): nothing.
    expect(dueInWeek(closedFrom('2026-02-27', '2026-03-09'))).toMatchObject({ countsDue: 0, nightlyDue: 0 });
    // Open again on the week's Monday: every day.
    expect(dueInWeek(closedFrom('2026-02-01', '2026-03-02'))).toMatchObject({ countsDue: 1, nightlyDue: 7 });
    // Closed and opened again on the same day: it was open that day.
    expect(dueInWeek(closedFrom('2026-03-04', '2026-03-04'))).toMatchObject({ countsDue: 1, nightlyDue: 7 });
    // Two spells in one week, and the range cut to it.
    expect(
      dueInWeek({
        ...week,
        from: '2026-03-03',
        closedSpells: [
          { closedOn: '2026-03-03', reopenedOn: '2026-03-04' },
          { closedOn: '2026-03-07', reopenedOn: null },
        ],
      }),
    ).toMatchObject({ countsDue: 1, nightlyDue: 3 });
    // Open again today: tonight's count is not late yet, and the week's full count is due.
    expect(
      dueInWeek({ ...closedFrom('2026-02-01', '2026-03-11'), weekStart: '2026-03-09', today: '2026-03-11' }),
    ).toMatchObject({ countsDue: 1, nightlyDue: 0 });
  });
});

describe('usageJumps agrees with the plain definition', () => {
  test('on random intervals, including repeated values', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const intervals = Array.from({ length: 400 }, () => ({
      key: `p${Math.floor(next() * 12)}`,
      usagePerDay: next() < 0.1 ? null : Math.round(next() * 8) / 2,
    }));
    const plain = intervals.map((interval, index) => {
      if (interval.usagePerDay === null) return false;
      const others = intervals
        .filter((other, i) => i !== index && other.key === interval.key && other.usagePerDay !== null)
        .map((other) => other.usagePerDay as number)
        .sort((a, b) => a - b);
      if (others.length < 2) return false;
      const m = others.length >> 1;
      const usual =
        others.length % 2 ? (others[m] as number) : ((others[m - 1] as number) + (others[m] as number)) / 2;
      return usual > 0 && interval.usagePerDay > 2 * usual;
    });
    expect(usageJumps(intervals)).toEqual(plain);
    expect(plain.some(Boolean)).toBe(true);
  });
});
