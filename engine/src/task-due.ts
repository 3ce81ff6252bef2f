/**
 * Which of the admin's tasks are on a café's checklist for a business date, when each falls due, and who
 * may tick them. Business dates and due times are the café's own (its time zone), never the server's or
 * the phone's.
 */

import { daysBetween } from './business-date.ts';
import type { RoleKey } from './permissions.ts';
import { zonedInstant } from './zoned-clock.ts';

/** Days back (before today) a manager can still complete a task, marked late; older days are history. */
export const OPS_LATE_DAYS = 7;

export interface TaskSchedule {
  cadence: 'daily' | 'weekly';
  /** 0 = Sunday … 6 = Saturday; weekly tasks only. */
  weekday: number | null;
  /** The café's local time of day, 'HH:MM'. */
  dueTime: string;
  /** Who does it; null: anyone at the café. */
  role: RoleKey | null;
}

/** 0 = Sunday … 6 = Saturday of a calendar day 'YYYY-MM-DD' (the day itself has no time zone). */
export function weekdayOfDate(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** A daily task is due every day; a weekly one on its weekday only. */
export function isDueOn(task: Pick<TaskSchedule, 'cadence' | 'weekday'>, date: string): boolean {
  return task.cadence === 'daily' || task.weekday === weekdayOfDate(date);
}

// A café manager runs the whole shift, so their checklist holds the baristas' tasks as well as their own;
// district managers and admins look at the café as a whole.
const ROLE_RANK: Record<RoleKey, number> = { staff: 0, cafe_manager: 1, district_manager: 2, admin: 3 };

/** Whether a task assigned to `taskRole` is on the checklist of someone with `userRole`. */
export function roleSeesTask(taskRole: RoleKey | null, userRole: RoleKey): boolean {
  return taskRole === null || ROLE_RANK[taskRole] <= ROLE_RANK[userRole];
}

/** Managers (café managers and up) may complete an earlier day's tasks, marked late; baristas only today's. */
export function canCompleteLate(role: RoleKey): boolean {
  return ROLE_RANK[role] >= ROLE_RANK.cafe_manager;
}

/** The instant a task falls due on `date` in the café's `timeZone`. */
export function dueInstant(date: string, dueTime: string, timeZone: string): Date {
  const [hours = 0, minutes = 0] = dueTime.split(':').map(Number);
  return zonedInstant(date, hours * 60 + minutes, timeZone);
}

/** A spell a task was inactive: from the instant it was deactivated to the one it was made active again. */
export interface InactiveSpell {
  from: string;
  /** Null while the task is still inactive. */
  until: string | null;
}

/** A schedule a task had before an edit changed it: in force from `from` to `until` (decision 118). */
export interface EarlierSchedule extends TaskSchedule {
  from: string;
  until: string;
}

/** A task with what its history holds: when it was made, its earlier schedules and its inactive spells. */
export interface TaskHistory extends TaskSchedule {
  active: boolean;
  /** When the admin made it: no schedule of it is in force before. */
  createdAt: string;
  earlierSchedules: readonly EarlierSchedule[];
  inactiveSpells: readonly InactiveSpell[];
}

const scheduleFields = ({ cadence, weekday, dueTime, role }: TaskSchedule): TaskSchedule => ({
  cadence,
  weekday,
  dueTime,
  role,
});

/**
 * The schedule a task had on `date`, and when it fell due by it: of its schedules due that day, the latest one in
 * force at its own due time. Its schedule now is in force from the end of the last earlier one, or from its making.
 * Null when none was: the day is before the task was made, or an edit moved it off that day (decision 118). An edit
 * that moves a due time later in the day it is made puts the new time on that day; one that moves it earlier
 * leaves that day without the task, as a task made after its due time (decision 099).
 */
export function scheduleOn(
  task: TaskHistory,
  date: string,
  timeZone: string,
): { schedule: TaskSchedule; dueAt: Date } | null {
  const nowFrom = task.earlierSchedules.reduce(
    (latest, earlier) => (Date.parse(earlier.until) > Date.parse(latest) ? earlier.until : latest),
    task.createdAt,
  );
  const schedules = [{ ...scheduleFields(task), from: nowFrom, until: null }, ...task.earlierSchedules];
  let found: { schedule: TaskSchedule; dueAt: Date; from: number } | null = null;
  for (const schedule of schedules) {
    if (!isDueOn(schedule, date)) continue;
    const dueAt = dueInstant(date, schedule.dueTime, timeZone);
    const from = Date.parse(schedule.from);
    const inForce =
      from <= dueAt.getTime() && (schedule.until === null || dueAt.getTime() < Date.parse(schedule.until));
    if (inForce && (found === null || from > found.from))
      found = { schedule: scheduleFields(schedule), dueAt, from };
  }
  return found && { schedule: found.schedule, dueAt: found.dueAt };
}

/**
 * Whether a task was active at an instant: outside every spell it was inactive (decisions 116, 117). An inactive task
 * with no date kept (deactivated before it was) is taken as never active.
 */
export function activeAt(task: Pick<TaskHistory, 'active' | 'inactiveSpells'>, at: Date): boolean {
  if (!task.active && !task.inactiveSpells.some((spell) => spell.until === null)) return false;
  const instant = at.getTime();
  return !task.inactiveSpells.some(
    (spell) =>
      Date.parse(spell.from) <= instant && (spell.until === null || instant < Date.parse(spell.until)),
  );
}

/**
 * The schedule by which a task was on the café's checklist of `date`, or null when it was not: due that day by the
 * schedule it had then, made before it fell due, and active then. A task an admin adds today is not overdue for a
 * morning already past, nor part of any earlier day's record (decision 099); one deactivated today stays on the
 * days it fell due before, missed ones included, and leaves the rest (decision 116); one inactive for a spell and
 * made active again is on the days around the spell, not the days in it (decision 117); one whose schedule was
 * edited keeps the days of its earlier schedule as they were (decision 118).
 */
export function dueOn(
  task: TaskHistory,
  date: string,
  timeZone: string,
): { schedule: TaskSchedule; dueAt: Date } | null {
  const on = scheduleOn(task, date, timeZone);
  return on !== null && activeAt(task, on.dueAt) ? on : null;
}

/** A task not done by its due time is overdue; a done one never is. */
export function isOverdue(input: { dueAt: Date; done: boolean; now: Date }): boolean {
  return !input.done && input.now.getTime() >= input.dueAt.getTime();
}

/**
 * What someone may do with a day's checklist: tick today's; complete an earlier day of the last
 * OPS_LATE_DAYS late (managers); only look at anything else. A day after today does not exist yet.
 */
export type OpsDayAccess = 'today' | 'late' | 'view_only' | 'future';

export function opsDayAccess(date: string, today: string, role: RoleKey): OpsDayAccess {
  const age = daysBetween(date, today);
  if (age < 0) return 'future';
  if (age === 0) return 'today';
  return age <= OPS_LATE_DAYS && canCompleteLate(role) ? 'late' : 'view_only';
}

/** The Monday that starts the week of `date` ('YYYY-MM-DD'): "order submitted this week" counts from it. */
export function weekStartOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The calendar day `days` after `date` (negative: before). */
export function addDaysTo(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * How one tick of an earlier day is taken. A tick typed while its day was still running is on time, whoever
 * sends it and however late it arrives (a phone offline at closing time sends it after midnight); one typed
 * after the day ended is a late completion, which only managers make, within OPS_LATE_DAYS. One typed after the
 * day ended on a list that showed it as today (the café's midnight passed under the screen) is refused for
 * everyone, `day_turned`: whoever typed it meant today's task, and a late completion is chosen, not stumbled into
 * (decision 126).
 */
export type TickTiming = 'on_time' | 'late' | 'closed' | 'manager_only' | 'future' | 'day_turned';

export function tickTiming(input: {
  date: string;
  today: string;
  role: RoleKey;
  typedAt: Date;
  /** The instant the business date ended in the café's zone. */
  dayEnd: Date;
  /** Typed on the list of the café's today (the live view), not on an earlier day chosen. */
  asToday?: boolean;
}): TickTiming {
  const age = daysBetween(input.date, input.today);
  if (age < 0) return 'future';
  if (age === 0) return 'on_time';
  if (age > OPS_LATE_DAYS) return 'closed';
  if (input.typedAt.getTime() < input.dayEnd.getTime()) return 'on_time';
  if (input.asToday === true) return 'day_turned';
  return canCompleteLate(input.role) ? 'late' : 'manager_only';
}
