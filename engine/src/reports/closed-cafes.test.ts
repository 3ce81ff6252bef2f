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
  test('says the café is closed after its name', () => {
    expect(closedCafeLabel('Downtown')).toBe('Downtown (closed)');
  });
});

describe('cafesCovered', () => {
  const open = { code: 'DT-01', active: true };
  const closedWithRows = { code: 'DT-02', active: false };
  const closedWithout = { code: 'DT-03', active: false };
  const cafes = [open, closedWithRows, closedWithout];
  const rows = [{ locationCode: 'DT-02' }];

  test('names an open café whatever it holds, and a closed one only with rows in the period', () => {
    expect(cafesCovered(cafes, rows, false)).toEqual([open, closedWithRows]);
    expect(cafesCovered(cafes, [], false)).toEqual([open]);
  });

  test('names every café asked for by name, closed ones without rows too', () => {
    expect(cafesCovered(cafes, [], true)).toEqual(cafes);
  });
});

describe('showsComplianceWeek', () => {
  const week = { weekStart: '2026-03-02', countsCompleted: 0, nightlyDone: 0 };
  const to = '2026-03-31';
  test('an open café’s week shows with nothing done; a closed café’s only with a count or a nightly count', () => {
    const open = { active: true, openedOn: '2026-01-01' };
    const closed = { active: false, openedOn: '2026-01-01' };
    expect(showsComplianceWeek(open, week, to)).toBe(true);
    expect(showsComplianceWeek(closed, week, to)).toBe(false);
    expect(showsComplianceWeek(closed, { ...week, countsCompleted: 1 }, to)).toBe(true);
    expect(showsComplianceWeek(closed, { ...week, nightlyDone: 2 }, to)).toBe(true);
  });

  test('a week wholly before the café’s first day does not show with nothing done; the week it opened does', () => {
    expect(showsComplianceWeek({ active: true, openedOn: '2026-03-09' }, week, to)).toBe(false);
    expect(showsComplianceWeek({ active: true, openedOn: '2026-03-08' }, week, to)).toBe(true);
    expect(showsComplianceWeek({ active: true, openedOn: '2026-03-02' }, week, to)).toBe(true);
    // The week's days within the range all come before the café opened.
    expect(showsComplianceWeek({ active: true, openedOn: '2026-03-06' }, week, '2026-03-05')).toBe(false);
    // Something done before the recorded first day still shows.
    expect(
      showsComplianceWeek({ active: true, openedOn: '2026-03-09' }, { ...week, nightlyDone: 1 }, to),
    ).toBe(true);
  });
});
