import type { ChecklistTask } from '@engine/ops-tracker-schemas.ts';
import { addDaysTo, weekdayOfDate } from '@engine/task-due.ts';
import { clockDate, clockTime, wallClockIn } from '@engine/zoned-clock.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';

/** A task's state as the person last left it on this device. */
export interface TickValue {
  done: boolean;
  note: string | null;
  /**
   * Typed on the list of the café's today: sent after that day ended, it is refused rather than filed as a
   * manager's late tick of a day they took for today (decision 126). Ticks kept by older versions have none.
   */
  asToday?: boolean;
}

export function isTickValue(value: unknown): value is TickValue {
  if (typeof value !== 'object' || value === null) return false;
  const { done, note, asToday } = value as Record<string, unknown>;
  return (
    typeof done === 'boolean' &&
    (note === null || typeof note === 'string') &&
    (asToday === undefined || typeof asToday === 'boolean')
  );
}

export interface TaskView extends ChecklistTask {
  /** Typed on this device and not on the server yet. */
  pending: boolean;
  /** The server refused this tick for good, with its reason. */
  refused: string | null;
}

/**
 * The checklist as the person sees it: the server's state with what they ticked on this device and is not
 * saved yet laid over it, so a tick made offline shows at once and stays after a reload.
 */
export function withOutbox(
  tasks: readonly ChecklistTask[],
  entries: ReadonlyMap<number, OutboxEntry<TickValue>>,
): TaskView[] {
  return tasks.map((task) => {
    const entry = entries.get(task.taskId);
    if (!entry) return { ...task, pending: false, refused: null };
    if (entry.refused !== undefined) return { ...task, pending: false, refused: entry.refused };
    const { done, note } = entry.value;
    return {
      ...task,
      done,
      note,
      overdue: done ? false : Date.parse(task.dueAt) <= Date.now(),
      pending: true,
      refused: null,
    };
  });
}

const SHORT_DAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Today", "Yesterday", then "Sat 7" for the days before. */
export function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDaysTo(today, -1)) return 'Yesterday';
  return `${SHORT_DAY[weekdayOfDate(date)]} ${Number(date.slice(8, 10))}`;
}

/** The day as a sentence names it: "yesterday", but "Thu 3" keeps its capital. */
export function dayInSentence(date: string, today: string): string {
  const label = dayLabel(date, today);
  return label === 'Today' || label === 'Yesterday' ? label.toLowerCase() : label;
}

/**
 * When a task of `day` was done, for "Done by Sam …": "at 07:05" on that day, else with the day it was done on
 * ("yesterday at 21:38", "on Mon 7 at 06:50"), so a tick made days later does not read as made on time.
 */
export function doneWhen(iso: string, timeZone: string, day: string, today: string): string {
  const clock = wallClockIn(new Date(iso), timeZone);
  const date = clockDate(clock);
  if (date === day) return `at ${clockTime(clock)}`;
  const label = dayInSentence(date, today);
  return `${label === 'today' || label === 'yesterday' ? label : `on ${label}`} at ${clockTime(clock)}`;
}

/** "Today 09:05", "Yesterday 21:38", "Sat 7 18:10" on the café's clock, against the café's today. */
export function cafeDayTime(iso: string, timeZone: string, today: string): string {
  const clock = wallClockIn(new Date(iso), timeZone);
  return `${dayLabel(clockDate(clock), today)} ${clockTime(clock)}`;
}

/** The city of an IANA zone, as people name a café's clock: "Chicago time". */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}
