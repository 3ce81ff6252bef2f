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

/**
 * Whether a task was on the café's checklist of `date`: due that day, made before it fell due, and active then. A
 * task an admin adds today is not overdue for a morning already past, nor part of any earlier day's record
 * (decision 099); one deactivated today stays on the days it fell due before, missed ones included, and leaves the
 * rest (decision 116); one inactive for a spell and made active again is on the days around the spell, not the
 * days in it (decision 117). An inactive task with no date kept (deactivated before it was) is on none.
 */
export function fallsDueOn(
  task: Pick<TaskSchedule, 'cadence' | 'weekday' | 'dueTime'> & {
    active: boolean;
    createdAt: string;
    inactiveSpells: readonly InactiveSpell[];
  },
  date: string,
  timeZone: string,
): boolean {
  if (!isDueOn(task, date)) return false;
  if (!task.active && !task.inactiveSpells.some((spell) => spell.until === null)) return false;
  const dueAt = dueInstant(date, task.dueTime, timeZone).getTime();
  if (Date.parse(task.createdAt) > dueAt) return false;
  return !task.inactiveSpells.some(
    (spell) => Date.parse(spell.from) <= dueAt && (spell.until === null || dueAt < Date.parse(spell.until)),
  );
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
 * after the day ended is a late completion, which only managers make, within OPS_LATE_DAYS.
 */
export type TickTiming = 'on_time' | 'late' | 'closed' | 'manager_only' | 'future';

export function tickTiming(input: {
  date: string;
  today: string;
  role: RoleKey;
  typedAt: Date;
  /** The instant the business date ended in the café's zone. */
  dayEnd: Date;
}): TickTiming {
  const age = daysBetween(input.date, input.today);
  if (age < 0) return 'future';
  if (age === 0) return 'on_time';
  if (age > OPS_LATE_DAYS) return 'closed';
  if (input.typedAt.getTime() < input.dayEnd.getTime()) return 'on_time';
  return canCompleteLate(input.role) ? 'late' : 'manager_only';
}
