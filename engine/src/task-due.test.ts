import { describe, expect, test } from 'bun:test';
import { businessDateIn } from './business-date.ts';
import {
  addDaysTo,
  canCompleteLate,
  dueInstant,
  dueOn,
  type EarlierSchedule,
  isDueOn,
  isOverdue,
  opsDayAccess,
  roleSeesTask,
  type TaskHistory,
  tickTiming,
  weekdayOfDate,
  weekStartOf,
} from './task-due.ts';

/** Whether a task with no role, as written here, was on a day's checklist. */
const fallsDueOn = (
  task: Omit<TaskHistory, 'role' | 'earlierSchedules'> & Partial<TaskHistory>,
  date: string,
  zone: string,
) => dueOn({ role: null, earlierSchedules: [], ...task }, date, zone) !== null;

describe('due today', () => {
  test('a daily task is due every day; a weekly one only on its weekday', () => {
    // 2026-03-09 is a Monday.
    expect(weekdayOfDate('2026-03-09')).toBe(1);
    expect(isDueOn({ cadence: 'daily', weekday: null }, '2026-03-09')).toBe(true);
    expect(isDueOn({ cadence: 'weekly', weekday: 1 }, '2026-03-09')).toBe(true);
    expect(isDueOn({ cadence: 'weekly', weekday: 1 }, '2026-03-10')).toBe(false);
    expect(isDueOn({ cadence: 'weekly', weekday: 0 }, '2026-03-08')).toBe(true);
    expect(isDueOn({ cadence: 'weekly', weekday: 6 }, '2026-03-08')).toBe(false);
  });

  test("the weekday is the café's: late Sunday evening in Los Angeles is already Monday in UTC", () => {
    const instant = new Date('2026-03-09T05:30:00Z');
    const inLosAngeles = businessDateIn(instant, 'America/Los_Angeles');
    const inTokyo = businessDateIn(instant, 'Asia/Tokyo');
    expect(inLosAngeles).toBe('2026-03-08');
    expect(inTokyo).toBe('2026-03-09');
    const sundayTask = { cadence: 'weekly', weekday: 0 } as const;
    expect(isDueOn(sundayTask, inLosAngeles)).toBe(true);
    expect(isDueOn(sundayTask, inTokyo)).toBe(false);
  });

  test("a due time is the café's wall clock, whatever zone the server runs in", () => {
    expect(dueInstant('2026-01-15', '17:00', 'America/New_York').toISOString()).toBe(
      '2026-01-15T22:00:00.000Z',
    );
    expect(dueInstant('2026-07-15', '17:00', 'America/New_York').toISOString()).toBe(
      '2026-07-15T21:00:00.000Z',
    );
    expect(dueInstant('2026-07-15', '07:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-15T01:30:00.000Z');
  });

  test('on the day clocks spring forward, times after the jump keep their wall clock', () => {
    // New York jumps from 02:00 EST to 03:00 EDT on 8 March 2026.
    expect(dueInstant('2026-03-08', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T06:30:00.000Z',
    );
    expect(dueInstant('2026-03-08', '17:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T21:00:00.000Z',
    );
  });

  test('a due time that never shows on the spring-forward day falls as far past the jump', () => {
    // 02:30 does not exist that night: it is 03:30 EDT, not 01:30 EST, which would be an hour too early.
    expect(dueInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  test('a due time shown twice on the fall-back day is the first of the two', () => {
    // New York falls back from 02:00 EDT to 01:00 EST on 1 November 2026: 01:30 happens twice.
    expect(dueInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(dueInstant('2026-11-01', '17:00', 'America/New_York').toISOString()).toBe(
      '2026-11-01T22:00:00.000Z',
    );
  });

  test('the 25-hour fall-back day keeps its business date until midnight', () => {
    expect(businessDateIn(new Date('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(businessDateIn(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
  });

  test('overdue: not done once the due time has come; a done task never is', () => {
    const dueAt = new Date('2026-03-09T21:00:00Z');
    expect(isOverdue({ dueAt, done: false, now: new Date('2026-03-09T20:59:59Z') })).toBe(false);
    expect(isOverdue({ dueAt, done: false, now: dueAt })).toBe(true);
    expect(isOverdue({ dueAt, done: true, now: new Date('2026-03-10T00:00:00Z') })).toBe(false);
  });

  test('a task falls due on a day only if it was made by its due time there', () => {
    // Monday 9 March 2026, 16:00 in Chicago is 21:00 UTC.
    const weekly = {
      cadence: 'weekly',
      weekday: 1,
      dueTime: '16:00',
      active: true,
      inactiveSpells: [],
    } as const;
    const zone = 'America/Chicago';
    expect(fallsDueOn({ ...weekly, createdAt: '2026-03-09T21:00:00.000Z' }, '2026-03-09', zone)).toBe(true);
    expect(fallsDueOn({ ...weekly, createdAt: '2026-03-09T21:00:00.001Z' }, '2026-03-09', zone)).toBe(false);
    expect(fallsDueOn({ ...weekly, createdAt: '2026-03-09T21:00:00.001Z' }, '2026-03-16', zone)).toBe(true);
    expect(fallsDueOn({ ...weekly, createdAt: '2026-03-01T00:00:00.000Z' }, '2026-03-10', zone)).toBe(false);
  });

  test('a deactivated task falls due on the days it was due before its deactivation, and on none after', () => {
    const made = '2026-01-01T00:00:00.000Z';
    const weekly = { cadence: 'weekly', weekday: 1, dueTime: '16:00', createdAt: made } as const;
    const zone = 'America/Chicago';
    // Deactivated at 16:00 on Monday 9 March (21:00 UTC) and a millisecond after.
    const at = (retiredAt: string) => ({
      ...weekly,
      active: false,
      inactiveSpells: [{ from: retiredAt, until: null }],
    });
    expect(fallsDueOn(at('2026-03-09T21:00:00.001Z'), '2026-03-02', zone)).toBe(true);
    expect(fallsDueOn(at('2026-03-09T21:00:00.001Z'), '2026-03-09', zone)).toBe(true);
    expect(fallsDueOn(at('2026-03-09T21:00:00.000Z'), '2026-03-09', zone)).toBe(false);
    expect(fallsDueOn(at('2026-03-09T21:00:00.001Z'), '2026-03-16', zone)).toBe(false);
    // Deactivated before the date was kept: on no day; active and never deactivated: on every day it falls due.
    expect(fallsDueOn({ ...weekly, active: false, inactiveSpells: [] }, '2026-03-02', zone)).toBe(false);
    expect(fallsDueOn({ ...weekly, active: true, inactiveSpells: [] }, '2026-03-16', zone)).toBe(true);
  });

  test('a task inactive for a spell and made active again falls due around the spell, not in it', () => {
    const weekly = {
      cadence: 'weekly',
      weekday: 1,
      dueTime: '16:00',
      createdAt: '2026-01-01T00:00:00.000Z',
    } as const;
    const zone = 'America/Chicago';
    // Inactive from 16:00 on Monday 2 March (21:00 UTC) to 16:00 on Monday 16 March.
    const paused = {
      ...weekly,
      active: true,
      inactiveSpells: [{ from: '2026-03-02T21:00:00.000Z', until: '2026-03-16T21:00:00.000Z' }],
    };
    expect(fallsDueOn(paused, '2026-02-23', zone)).toBe(true);
    expect(fallsDueOn(paused, '2026-03-02', zone)).toBe(false);
    expect(fallsDueOn(paused, '2026-03-09', zone)).toBe(false);
    // Active again at its due time: due that day.
    expect(fallsDueOn(paused, '2026-03-16', zone)).toBe(true);
    expect(fallsDueOn(paused, '2026-03-23', zone)).toBe(true);
    // Deactivated again since: the first spell still holds, and the second from its start.
    const retired = {
      ...paused,
      active: false,
      inactiveSpells: [...paused.inactiveSpells, { from: '2026-03-20T00:00:00.000Z', until: null }],
    };
    expect(fallsDueOn(retired, '2026-03-09', zone)).toBe(false);
    expect(fallsDueOn(retired, '2026-03-16', zone)).toBe(true);
    expect(fallsDueOn(retired, '2026-03-23', zone)).toBe(false);
  });
});

describe("who sees and ticks a day's tasks", () => {
  test("a barista sees the baristas' tasks; a café manager sees those and their own", () => {
    expect(roleSeesTask('staff', 'staff')).toBe(true);
    expect(roleSeesTask('cafe_manager', 'staff')).toBe(false);
    expect(roleSeesTask(null, 'staff')).toBe(true);
    expect(roleSeesTask('staff', 'cafe_manager')).toBe(true);
    expect(roleSeesTask('cafe_manager', 'cafe_manager')).toBe(true);
    expect(roleSeesTask('district_manager', 'cafe_manager')).toBe(false);
    expect(roleSeesTask('district_manager', 'admin')).toBe(true);
  });

  test('managers complete the last seven days late; baristas only today; nobody a day to come', () => {
    expect(canCompleteLate('staff')).toBe(false);
    expect(canCompleteLate('cafe_manager')).toBe(true);
    expect(opsDayAccess('2026-03-09', '2026-03-09', 'staff')).toBe('today');
    expect(opsDayAccess('2026-03-08', '2026-03-09', 'staff')).toBe('view_only');
    expect(opsDayAccess('2026-03-08', '2026-03-09', 'cafe_manager')).toBe('late');
    expect(opsDayAccess('2026-03-02', '2026-03-09', 'district_manager')).toBe('late');
    expect(opsDayAccess('2026-03-01', '2026-03-09', 'admin')).toBe('view_only');
    expect(opsDayAccess('2026-03-10', '2026-03-09', 'admin')).toBe('future');
  });
});

describe('calendar weeks', () => {
  test('a week starts on Monday, Sunday closing it', () => {
    expect(weekStartOf('2026-03-09')).toBe('2026-03-09');
    expect(weekStartOf('2026-03-15')).toBe('2026-03-09');
    expect(weekStartOf('2026-03-16')).toBe('2026-03-16');
    expect(addDaysTo('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('tickTiming', () => {
  const dayEnd = new Date('2026-03-09T05:00:00Z'); // midnight after 8 March in Chicago
  const base = { date: '2026-03-08', today: '2026-03-09', dayEnd } as const;
  test('a tick typed before its day ended is on time, from anyone, however late it arrives', () => {
    expect(tickTiming({ ...base, role: 'staff', typedAt: new Date('2026-03-09T04:50:00Z') })).toBe('on_time');
  });
  test('typed after the day ended: late for a manager, refused for a barista', () => {
    const typedAt = new Date('2026-03-09T05:00:00Z');
    expect(tickTiming({ ...base, role: 'cafe_manager', typedAt })).toBe('late');
    expect(tickTiming({ ...base, role: 'staff', typedAt })).toBe('manager_only');
  });
  test("typed after the day ended on the list shown as today: refused for everyone, a manager's too", () => {
    const typedAt = new Date('2026-03-09T05:00:25Z');
    expect(tickTiming({ ...base, role: 'cafe_manager', typedAt, asToday: true })).toBe('day_turned');
    expect(tickTiming({ ...base, role: 'staff', typedAt, asToday: true })).toBe('day_turned');
    // Typed before midnight and sent after it (offline at closing), it stays on time.
    expect(
      tickTiming({ ...base, role: 'staff', typedAt: new Date('2026-03-09T04:59:59Z'), asToday: true }),
    ).toBe('on_time');
  });
  test("today's ticks are on time; past the window or before the day begins they are refused", () => {
    const typedAt = new Date('2026-03-09T15:00:00Z');
    expect(tickTiming({ ...base, date: '2026-03-09', role: 'staff', typedAt })).toBe('on_time');
    expect(
      tickTiming({ ...base, date: '2026-03-01', role: 'admin', typedAt: new Date('2026-03-01T12:00:00Z') }),
    ).toBe('closed');
    expect(tickTiming({ ...base, date: '2026-03-10', role: 'admin', typedAt })).toBe('future');
  });
});

describe('a task whose schedule was edited', () => {
  const zone = 'America/Chicago';
  // Made on 1 January; at 12:00 on Monday 9 March (17:00 UTC) moved from 07:00 every day to 16:00 on Mondays for
  // café managers.
  const edited: TaskHistory = {
    cadence: 'weekly',
    weekday: 1,
    dueTime: '16:00',
    role: 'cafe_manager',
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    inactiveSpells: [],
    earlierSchedules: [
      {
        cadence: 'daily',
        weekday: null,
        dueTime: '07:00',
        role: 'staff',
        from: '2026-01-01T00:00:00.000Z',
        until: '2026-03-09T17:00:00.000Z',
      },
    ],
  };
  test('the days before the edit keep the schedule they had; the days after take the new one', () => {
    expect(dueOn(edited, '2026-03-05', zone)?.schedule).toEqual({
      cadence: 'daily',
      weekday: null,
      dueTime: '07:00',
      role: 'staff',
    });
    expect(dueOn(edited, '2026-03-05', zone)?.dueAt.toISOString()).toBe('2026-03-05T13:00:00.000Z');
    // The day of the edit: 16:00 comes after it, so the new schedule is that day's, in place of the morning's.
    expect(dueOn(edited, '2026-03-09', zone)?.schedule.dueTime).toBe('16:00');
    expect(dueOn(edited, '2026-03-10', zone)).toBeNull();
    expect(dueOn(edited, '2026-03-16', zone)?.schedule.role).toBe('cafe_manager');
  });
  test('moved to a time already past on the day of the edit, that day keeps the earlier time', () => {
    const earlier = {
      ...edited,
      cadence: 'daily',
      weekday: null,
      dueTime: '06:00',
      earlierSchedules: [{ ...edited.earlierSchedules[0], dueTime: '13:00' }],
    } as TaskHistory;
    // 13:00 on the 9th came after the edit at 12:00, and 06:00 before it: neither schedule was in force that day.
    expect(dueOn(earlier, '2026-03-09', zone)).toBeNull();
    expect(dueOn(earlier, '2026-03-08', zone)?.schedule.dueTime).toBe('13:00');
    expect(dueOn(earlier, '2026-03-10', zone)?.schedule.dueTime).toBe('06:00');
  });
  test('edited twice: each schedule has its own days, and the task’s making still bounds the first', () => {
    const twice: TaskHistory = {
      ...edited,
      createdAt: '2026-03-02T00:00:00.000Z',
      earlierSchedules: [
        {
          ...(edited.earlierSchedules[0] as EarlierSchedule),
          from: '2026-03-02T00:00:00.000Z',
          until: '2026-03-04T00:00:00.000Z',
        },
        {
          cadence: 'daily',
          weekday: null,
          dueTime: '09:00',
          role: null,
          from: '2026-03-04T00:00:00.000Z',
          until: '2026-03-09T17:00:00.000Z',
        },
      ],
    };
    expect(dueOn(twice, '2026-03-01', zone)).toBeNull();
    expect(dueOn(twice, '2026-03-03', zone)?.schedule.dueTime).toBe('07:00');
    expect(dueOn(twice, '2026-03-05', zone)?.schedule.dueTime).toBe('09:00');
    expect(dueOn(twice, '2026-03-16', zone)?.schedule.dueTime).toBe('16:00');
  });
  test('an inactive spell still holds whatever the schedule', () => {
    const paused = {
      ...edited,
      inactiveSpells: [{ from: '2026-03-04T00:00:00.000Z', until: '2026-03-06T00:00:00.000Z' }],
    };
    expect(dueOn(paused, '2026-03-05', zone)).toBeNull();
    expect(dueOn(paused, '2026-03-06', zone)?.schedule.dueTime).toBe('07:00');
  });
});
