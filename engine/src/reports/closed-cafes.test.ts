import { describe, expect, test } from 'bun:test';
import {
  cafesCovered,
  closedCafeLabel,
  closedCafeReach,
  reportReadsClosedCafes,
  showsComplianceWeek,
} from './closed-cafes.ts';
import { REPORT_NAMES } from './report-names.ts';

describe('closedCafeReach', () => {
  test('an administrator reads every closed café, a district manager their districts’, anyone else none', () => {
    expect(closedCafeReach('admin')).toBe('every');
    expect(closedCafeReach('district_manager')).toBe('districts');
    expect(closedCafeReach('cafe_manager')).toBe('none');
    expect(closedCafeReach('staff')).toBe('none');
    expect(closedCafeReach('someone-new')).toBe('none');
  });
});

describe('reportReadsClosedCafes', () => {
  test('every history report reads closed cafés; PAR health, about PARs set now, does not', () => {
    expect(REPORT_NAMES.filter((name) => !reportReadsClosedCafes(name))).toEqual(['par-health']);
  });
});

describe('closedCafeLabel', () => {
  test('says the café is closed after its name, and since when when the day was kept', () => {
    expect(closedCafeLabel('Downtown')).toBe('Downtown (closed)');
    expect(closedCafeLabel('Downtown', null)).toBe('Downtown (closed)');
    expect(closedCafeLabel('Downtown', '2026-12-07')).toBe('Downtown (closed 2026-12-07)');
  });
});

describe('cafesCovered', () => {
  const open = { code: 'DT-01', active: true, openedOn: '2026-01-05' };
  const closedWithRows = { code: 'DT-02', active: false, openedOn: '2026-01-05' };
  const closedWithout = { code: 'DT-03', active: false, openedOn: '2026-01-05' };
  const openedAfter = { code: 'DT-09', active: true, openedOn: '2026-12-07' };
  const cafes = [open, closedWithRows, closedWithout, openedAfter];
  const rows = [{ locationCode: 'DT-02' }];
  const to = '2026-11-30';

  test('names an open café whatever it holds, and a closed one only with rows in the period', () => {
    expect(cafesCovered(cafes, rows, false, to)).toEqual([open, closedWithRows]);
    expect(cafesCovered(cafes, [], false, to)).toEqual([open]);
  });

  test('names a café opened after the period only with rows in it, and from its first day on', () => {
    expect(cafesCovered([open, openedAfter], [], false, to)).toEqual([open]);
    expect(cafesCovered([open, openedAfter], [], false, '2026-12-07')).toEqual([open, openedAfter]);
  });

  test('names every café asked for by name, closed ones without rows too', () => {
    expect(cafesCovered(cafes, [], true, to)).toEqual(cafes);
  });
});

describe('showsComplianceWeek', () => {
  const week = { weekStart: '2026-03-02', countsCompleted: 0, nightlyDone: 0 };
  const range = { from: '2026-03-01', to: '2026-03-31' };
  const open = { active: true, openedOn: '2026-01-01', closedSpells: [] };
  const closedOn = (day: string) => ({
    ...open,
    active: false,
    closedSpells: [{ closedOn: day, reopenedOn: null }],
  });
  test('an open café’s week shows with nothing done; a café closed with no date kept only with something done', () => {
    const closed = { ...open, active: false };
    expect(showsComplianceWeek(open, week, range)).toBe(true);
    expect(showsComplianceWeek(closed, week, range)).toBe(false);
    expect(showsComplianceWeek(closed, { ...week, countsCompleted: 1 }, range)).toBe(true);
    expect(showsComplianceWeek(closed, { ...week, nightlyDone: 2 }, range)).toBe(true);
  });

  test('a closed café’s weeks show up to the week it closed, nothing done included; the weeks since do not', () => {
    // Closed on Wednesday 4 March: open on Monday and Tuesday of that week.
    const closed = closedOn('2026-03-04');
    expect(showsComplianceWeek(closed, { ...week, weekStart: '2026-02-23' }, range)).toBe(true);
    expect(showsComplianceWeek(closed, week, range)).toBe(true);
    expect(showsComplianceWeek(closed, { ...week, weekStart: '2026-03-09' }, range)).toBe(false);
    // Something done after the closing still shows.
    expect(showsComplianceWeek(closed, { ...week, weekStart: '2026-03-09', nightlyDone: 1 }, range)).toBe(
      true,
    );
    // Closed on the week's Monday: not a day of it was open.
    expect(showsComplianceWeek(closedOn('2026-03-02'), week, range)).toBe(false);
    // The range begins on the closing day: the week's days before it are not the report's.
    expect(showsComplianceWeek(closed, week, { ...range, from: '2026-03-04' })).toBe(false);
  });

  test('a café closed for a spell and opened again shows the weeks around it, not the weeks it was closed through', () => {
    // Closed on Friday 27 February, open again on Tuesday 17 March.
    const seasonal = { ...open, closedSpells: [{ closedOn: '2026-02-27', reopenedOn: '2026-03-17' }] };
    expect(
      showsComplianceWeek(seasonal, { ...week, weekStart: '2026-02-23' }, { ...range, from: '2026-02-01' }),
    ).toBe(true);
    // The range's one day of that week, Sunday 1 March, was closed.
    expect(showsComplianceWeek(seasonal, { ...week, weekStart: '2026-02-23' }, range)).toBe(false);
    expect(showsComplianceWeek(seasonal, week, range)).toBe(false);
    expect(showsComplianceWeek(seasonal, { ...week, weekStart: '2026-03-09' }, range)).toBe(false);
    expect(showsComplianceWeek(seasonal, { ...week, weekStart: '2026-03-16' }, range)).toBe(true);
    expect(showsComplianceWeek(seasonal, { ...week, nightlyDone: 1 }, range)).toBe(true);
    // Closed again since: the spell before still hides its weeks, and the weeks since the second closing too.
    const closedAgain = {
      ...seasonal,
      active: false,
      closedSpells: [...seasonal.closedSpells, { closedOn: '2026-03-25', reopenedOn: null }],
    };
    expect(showsComplianceWeek(closedAgain, week, range)).toBe(false);
    expect(showsComplianceWeek(closedAgain, { ...week, weekStart: '2026-03-23' }, range)).toBe(true);
    expect(showsComplianceWeek(closedAgain, { ...week, weekStart: '2026-03-30' }, range)).toBe(false);
  });

  test('a week wholly before the café’s first day does not show with nothing done; the week it opened does', () => {
    expect(showsComplianceWeek({ ...open, openedOn: '2026-03-09' }, week, range)).toBe(false);
    expect(showsComplianceWeek({ ...open, openedOn: '2026-03-08' }, week, range)).toBe(true);
    expect(showsComplianceWeek({ ...open, openedOn: '2026-03-02' }, week, range)).toBe(true);
    // The week's days within the range all come before the café opened.
    expect(
      showsComplianceWeek({ ...open, openedOn: '2026-03-06' }, week, { ...range, to: '2026-03-05' }),
    ).toBe(false);
    // Something done before the recorded first day still shows.
    expect(showsComplianceWeek({ ...open, openedOn: '2026-03-09' }, { ...week, nightlyDone: 1 }, range)).toBe(
      true,
    );
  });
});
