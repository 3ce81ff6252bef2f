/**
 * A café's checklist of a business date: the tasks due that day for someone's role with their ticks, and
 * how much of each recent day was done. Pure, so the screen's figures and the server's agree.
 */

import { type ClosedSpell, wasOpenOn } from './cafe-open-days.ts';
import type { ChecklistTask, TaskTickState } from './ops-tracker-schemas.ts';
import type { RoleKey } from './permissions.ts';
import {
  addDaysTo,
  dueInstant,
  dueOn,
  isDueOn,
  isOverdue,
  roleSeesTask,
  scheduleOn,
  type TaskHistory,
  type TaskSchedule,
} from './task-due.ts';
import { zonedInstant } from './zoned-clock.ts';

export interface ChecklistTaskDefinition extends TaskHistory {
  id: number;
  title: string;
}

export interface DatedTick extends TaskTickState {
  businessDate: string;
}

/** The instant a business date ends in the café's zone (its next midnight; 23 or 25 hours on DST days). */
export function endOfBusinessDate(date: string, timeZone: string): Date {
  return zonedInstant(addDaysTo(date, 1), 0, timeZone);
}

/** What a day looks like at `now`: the day's end once it is over. */
export function asOfFor(date: string, timeZone: string, now: Date): Date {
  const end = endOfBusinessDate(date, timeZone);
  return end.getTime() < now.getTime() ? end : now;
}

const NO_TICK = {
  done: false,
  completedAt: null,
  completedBy: null,
  note: null,
  late: false,
  typedAt: null,
} as const;

/**
 * Whether a task is on a café's checklist of `date`, and by which schedule: it fell due that day by the schedule it
 * had then while the café was open and the task active (`dueOn`), or it was ticked that day, which keeps it there
 * whatever the rules say, by the schedule it had that day or its own. Null when it is not on it. Whose checklist it
 * is on is the schedule's role's (`roleSeesTask`).
 */
export function checklistEntry(
  task: TaskHistory,
  day: { date: string; timeZone: string; open: boolean; ticked: boolean },
): { schedule: TaskSchedule; dueAt: Date } | null {
  const due = day.open ? dueOn(task, day.date, day.timeZone) : null;
  if (due !== null || !day.ticked) return due;
  const on = scheduleOn(task, day.date, day.timeZone);
  if (on !== null) return on;
  return isDueOn(task, day.date)
    ? { schedule: task, dueAt: dueInstant(day.date, task.dueTime, day.timeZone) }
    : null;
}

/**
 * The tasks of `date` for `role`, by due time, each by the schedule it had that day (decision 118). A task made
 * after that day's due time, or inactive then, shows only on a day it was ticked: the record stays true without
 * putting retired tasks back on today's list or new ones on days before them (decisions 099, 116, 117). A day the
 * café was not open has no tasks due either: before its first day (`openedOn`) it did not exist yet (decision 106),
 * and on a day it was closed nobody was there to do them (decision 117).
 */
export function checklistFor(input: {
  tasks: readonly ChecklistTaskDefinition[];
  ticks: readonly DatedTick[];
  date: string;
  role: RoleKey;
  timeZone: string;
  /** The café's first day: the date of its creation on its own clock. */
  openedOn: string;
  /** The spells it was closed, in days on its own clock. */
  closedSpells: readonly ClosedSpell[];
  /** Now for today, the day's end for an earlier day. */
  asOf: Date;
}): ChecklistTask[] {
  const tickOf = new Map(
    input.ticks.filter((tick) => tick.businessDate === input.date).map((tick) => [tick.taskId, tick]),
  );
  const open = wasOpenOn(input, input.date);
  return input.tasks
    .flatMap((task) => {
      const ticked = tickOf.get(task.id)?.done === true;
      const entry = checklistEntry(task, { date: input.date, timeZone: input.timeZone, open, ticked });
      if (entry === null || !roleSeesTask(entry.schedule.role, input.role)) return [];
      const { schedule, dueAt } = entry;
      const { businessDate: _date, ...tick } = tickOf.get(task.id) ?? { ...NO_TICK, businessDate: '' };
      return [
        {
          ...tick,
          taskId: task.id,
          title: task.title,
          cadence: schedule.cadence,
          weekday: schedule.weekday,
          dueTime: schedule.dueTime,
          dueAt: dueAt.toISOString(),
          role: schedule.role,
          overdue: isOverdue({ dueAt, done: tick.done, now: input.asOf }),
        },
      ];
    })
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.title.localeCompare(b.title));
}

/**
 * Today and the `daysBack` days before it, newest first, with how many of each day's tasks were done. A day
 * the café was not open has no tasks (0 of 0), as a day given none: nothing there was missed. A day in a spell it
 * was closed says so (`closed`), so the screen can tell it from a day before the café existed.
 */
export function recentDays(input: {
  tasks: readonly ChecklistTaskDefinition[];
  ticks: readonly DatedTick[];
  today: string;
  daysBack: number;
  role: RoleKey;
  timeZone: string;
  /** The café's first day: the date of its creation on its own clock. */
  openedOn: string;
  closedSpells: readonly ClosedSpell[];
  now: Date;
}): { date: string; total: number; done: number; closed: boolean }[] {
  const days: { date: string; total: number; done: number; closed: boolean }[] = [];
  for (let back = 0; back <= input.daysBack; back++) {
    const date = addDaysTo(input.today, -back);
    const list = checklistFor({ ...input, date, asOf: asOfFor(date, input.timeZone, input.now) });
    const closed = date >= input.openedOn && !wasOpenOn(input, date);
    days.push({ date, total: list.length, done: list.filter((task) => task.done).length, closed });
  }
  return days;
}
