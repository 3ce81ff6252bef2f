import { describe, expect, test } from 'bun:test';
import {
  asOfFor,
  type ChecklistTaskDefinition,
  checklistFor,
  type DatedTick,
  endOfBusinessDate,
  recentDays,
} from './cafe-checklist.ts';

const ZONE = 'America/Chicago';
// Monday 9 March 2026, 11:00 in Chicago (CDT, UTC-5).
const NOW = new Date('2026-03-09T16:00:00Z');
// The café opened long before the days the tests look at.
const OPENED = '2026-01-01';

const task = (id: number, extra: Partial<ChecklistTaskDefinition>): ChecklistTaskDefinition => ({
  id,
  title: `Task ${id}`,
  cadence: 'daily',
  weekday: null,
  dueTime: '17:00',
  role: 'staff',
  active: true,
  createdAt: '2026-01-05T15:00:00.000Z',
  inactiveSpells: [],
  earlierSchedules: [],
  ...extra,
});

const TASKS = [
  task(1, { title: 'Calibrate grinders', dueTime: '07:00' }),
  task(2, { title: 'Clean machine', dueTime: '20:30' }),
  task(3, { title: 'Deep clean fridges', cadence: 'weekly', weekday: 1, dueTime: '16:00' }),
  task(4, { title: 'Descale brewer', cadence: 'weekly', weekday: 3 }),
  task(5, { title: 'Review waste log', role: 'cafe_manager', dueTime: '10:00' }),
  task(6, { title: 'Retired task', active: false }),
];

const tick = (taskId: number, businessDate: string, extra: Partial<DatedTick> = {}): DatedTick => ({
  taskId,
  businessDate,
  done: true,
  completedAt: '2026-03-09T12:00:00.000Z',
  completedBy: { id: 7, name: 'Sam Staff' },
  note: null,
  late: false,
  typedAt: '2026-03-09T12:00:00.000Z',
  ...extra,
});

describe('checklistFor', () => {
  test("a barista's Monday: daily tasks and Monday's weekly one, by due time, the missed one overdue", () => {
    const list = checklistFor({
      tasks: TASKS,
      ticks: [],
      date: '2026-03-09',
      role: 'staff',
      timeZone: ZONE,
      openedOn: OPENED,
      closedSpells: [],
      asOf: NOW,
    });
    expect(list.map((t) => [t.title, t.dueAt, t.overdue])).toEqual([
      ['Calibrate grinders', '2026-03-09T12:00:00.000Z', true],
      ['Deep clean fridges', '2026-03-09T21:00:00.000Z', false],
      ['Clean machine', '2026-03-10T01:30:00.000Z', false],
    ]);
  });

  test("a café manager's list holds the baristas' tasks and their own; a tick is no longer overdue", () => {
    const list = checklistFor({
      tasks: TASKS,
      ticks: [tick(1, '2026-03-09'), tick(1, '2026-03-08', { done: false })],
      date: '2026-03-09',
      role: 'cafe_manager',
      timeZone: ZONE,
      openedOn: OPENED,
      closedSpells: [],
      asOf: NOW,
    });
    expect(list.map((t) => t.title)).toEqual([
      'Calibrate grinders',
      'Review waste log',
      'Deep clean fridges',
      'Clean machine',
    ]);
    expect(list[0]).toMatchObject({ done: true, overdue: false, completedBy: { name: 'Sam Staff' } });
    expect(list[1]).toMatchObject({ done: false, overdue: true });
  });

  test('a task made today is on the list from its first due time after it was made, on no earlier day', () => {
    // Made at 10:00 in Chicago on Monday: the 07:00 task starts on Tuesday, the 17:00 one on Monday.
    const made = '2026-03-09T15:00:00.000Z';
    const tasks = [
      task(7, { dueTime: '07:00', createdAt: made }),
      task(8, { dueTime: '17:00', createdAt: made }),
    ];
    const on = (date: string) =>
      checklistFor({
        tasks,
        ticks: [],
        date,
        role: 'staff',
        timeZone: ZONE,
        openedOn: OPENED,
        closedSpells: [],
        asOf: NOW,
      }).map((t) => t.taskId);
    expect(on('2026-03-08')).toEqual([]);
    expect(on('2026-03-09')).toEqual([8]);
    expect(on('2026-03-10')).toEqual([7, 8]);
  });

  test('a day before the café opened has no tasks due; a task ticked on it still shows', () => {
    const base = {
      tasks: TASKS,
      role: 'staff',
      timeZone: ZONE,
      openedOn: '2026-03-09',
      closedSpells: [],
      asOf: NOW,
    } as const;
    expect(checklistFor({ ...base, date: '2026-03-08', ticks: [] })).toEqual([]);
    expect(checklistFor({ ...base, date: '2026-03-09', ticks: [] }).map((t) => t.taskId)).toEqual([1, 3, 2]);
    expect(
      checklistFor({ ...base, date: '2026-03-08', ticks: [tick(2, '2026-03-08')] }).map((t) => t.taskId),
    ).toEqual([2]);
  });

  test('a task deactivated this morning stays on the days before, missed ones overdue, and leaves later ones', () => {
    // Deactivated at 10:00 on Monday 9 March: Sunday's 17:00 was before it, Monday's 17:00 after it.
    const retired = task(7, {
      title: 'Restock napkins',
      active: false,
      inactiveSpells: [{ from: '2026-03-09T15:00:00.000Z', until: null }],
    });
    const base = {
      tasks: [retired],
      role: 'staff',
      timeZone: ZONE,
      openedOn: OPENED,
      closedSpells: [],
      ticks: [],
    } as const;
    const sunday = checklistFor({ ...base, date: '2026-03-08', asOf: endOfBusinessDate('2026-03-08', ZONE) });
    expect(sunday).toEqual([expect.objectContaining({ taskId: 7, done: false, overdue: true })]);
    expect(checklistFor({ ...base, date: '2026-03-09', asOf: NOW })).toEqual([]);
    // Due at 07:00, before the deactivation: still Monday's, and missed.
    const early = task(8, {
      dueTime: '07:00',
      active: false,
      inactiveSpells: [{ from: '2026-03-09T15:00:00.000Z', until: null }],
    });
    expect(
      checklistFor({ ...base, tasks: [early], date: '2026-03-09', asOf: NOW }).map((t) => [
        t.taskId,
        t.overdue,
      ]),
    ).toEqual([[8, true]]);
  });

  test('a task whose schedule was edited shows each day by the schedule it had, for the role it had', () => {
    // Until 10:00 on Monday 9 March a barista's at 07:00; since, a café manager's at 12:00.
    const moved = task(9, {
      title: 'Check the float',
      dueTime: '12:00',
      role: 'cafe_manager',
      earlierSchedules: [
        {
          cadence: 'daily',
          weekday: null,
          dueTime: '07:00',
          role: 'staff',
          from: '2026-01-05T15:00:00.000Z',
          until: '2026-03-09T15:00:00.000Z',
        },
      ],
    });
    const base = { tasks: [moved], timeZone: ZONE, openedOn: OPENED, closedSpells: [], ticks: [] } as const;
    const sunday = { ...base, date: '2026-03-08', asOf: endOfBusinessDate('2026-03-08', ZONE) };
    expect(checklistFor({ ...sunday, role: 'staff' }).map((t) => [t.dueTime, t.role])).toEqual([
      ['07:00', 'staff'],
    ]);
    expect(checklistFor({ ...base, role: 'staff', date: '2026-03-09', asOf: NOW })).toEqual([]);
    expect(
      checklistFor({ ...base, role: 'cafe_manager', date: '2026-03-09', asOf: NOW }).map((t) => [
        t.dueTime,
        t.dueAt,
      ]),
    ).toEqual([['12:00', '2026-03-09T17:00:00.000Z']]);
  });

  test('an inactive task with no deactivation kept shows only on a day it was done', () => {
    const base = {
      tasks: TASKS,
      date: '2026-03-08',
      role: 'staff',
      timeZone: ZONE,
      openedOn: OPENED,
      closedSpells: [],
      asOf: NOW,
    } as const;
    expect(checklistFor({ ...base, ticks: [] }).some((t) => t.taskId === 6)).toBe(false);
    expect(checklistFor({ ...base, ticks: [tick(6, '2026-03-08')] }).some((t) => t.taskId === 6)).toBe(true);
  });
});

describe('days', () => {
  test('a day ends at its next local midnight, 23 hours long when clocks spring forward', () => {
    expect(endOfBusinessDate('2026-03-08', ZONE).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(endOfBusinessDate('2026-03-07', ZONE).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(asOfFor('2026-03-08', ZONE, NOW).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(asOfFor('2026-03-09', ZONE, NOW)).toBe(NOW);
  });

  test('today and the seven days before, newest first, with what was done of each', () => {
    const days = recentDays({
      tasks: TASKS,
      ticks: [tick(1, '2026-03-09'), tick(2, '2026-03-08'), tick(1, '2026-03-08', { done: false })],
      today: '2026-03-09',
      daysBack: 7,
      role: 'staff',
      timeZone: ZONE,
      openedOn: OPENED,
      closedSpells: [],
      now: NOW,
    });
    expect(days).toHaveLength(8);
    expect(days[0]).toEqual({ date: '2026-03-09', total: 3, done: 1, closed: false });
    expect(days[1]).toEqual({ date: '2026-03-08', total: 2, done: 1, closed: false });
    // Wednesday 4 March had the brewer to descale as well.
    expect(days[5]).toEqual({ date: '2026-03-04', total: 3, done: 0, closed: false });
  });

  test('a café opened today has nothing due on the days before it: they show 0 of 0, as days given no tasks', () => {
    const input = {
      tasks: TASKS,
      ticks: [],
      today: '2026-03-09',
      daysBack: 7,
      role: 'staff',
      timeZone: ZONE,
      closedSpells: [],
      now: NOW,
    } as const;
    const days = recentDays({ ...input, openedOn: '2026-03-09' });
    expect(days[0]).toEqual({ date: '2026-03-09', total: 3, done: 0, closed: false });
    expect(days.slice(1).every((day) => day.total === 0 && day.done === 0)).toBe(true);
    // Opened three days ago (Friday 6 March): counted from that day on.
    const since = recentDays({ ...input, openedOn: '2026-03-06' });
    expect(since.map((day) => day.total)).toEqual([3, 2, 2, 2, 0, 0, 0, 0]);
  });

  test('a café closed for a spell has nothing due on the days it was closed; the day it opened again has its tasks', () => {
    // Closed on Tuesday 3 March, open again on Saturday 7 March.
    const days = recentDays({
      tasks: TASKS,
      ticks: [tick(2, '2026-03-05')],
      today: '2026-03-09',
      daysBack: 7,
      role: 'staff',
      timeZone: ZONE,
      openedOn: OPENED,
      closedSpells: [{ closedOn: '2026-03-03', reopenedOn: '2026-03-07' }],
      now: NOW,
    });
    expect(days.map((day) => day.total)).toEqual([3, 2, 2, 0, 1, 0, 0, 3]);
    // A task ticked on a closed day still shows, as on a day before the café opened; the day says it was closed.
    expect(days[4]).toEqual({ date: '2026-03-05', total: 1, done: 1, closed: true });
    expect(days.map((day) => day.closed)).toEqual([false, false, false, true, true, true, true, false]);
  });
});
