import { clockDate, clockTime, wallClockIn } from './zoned-clock.ts';

/*
 * How a moment of a café's day is told in words: 'Today 07:50' beside a label, 'today at 07:50' inside a sentence.
 * Given the café's zone, both are on the café's clock (decisions 007 and 087).
 */

interface LocalTime {
  day: string;
  time: string;
}

/** The calendar day (yyyy-MM-dd) and the time (HH:mm) of an instant in `timeZone` (the runtime's by default). */
export function localTime(instant: Date, timeZone: string | undefined): LocalTime {
  const clock = wallClockIn(instant, timeZone);
  return { day: clockDate(clock), time: clockTime(clock) };
}

/**
 * The time beside 'Count Completed' (requirements §2): 'Today HH:mm' when the completion falls on the same calendar
 * day as `now`, else 'yyyy-MM-dd HH:mm'. "Same day" is judged in `timeZone` (the café's IANA zone) when
 * given, so a count finished at 23:30 in Denver is not "Today" just because it is already tomorrow in UTC;
 * without one, the runtime's local zone is used. Returns null for a time that cannot be read, so a bad value
 * hides the label instead of breaking the screen.
 */
export function countCompletedLabel(completedAt: Date | string, now: Date, timeZone?: string): string | null {
  const completed = completedLocally(completedAt, now, timeZone);
  if (!completed) return null;
  return completed.today ? `Today ${completed.time}` : `${completed.day} ${completed.time}`;
}

/**
 * The same moment inside a sentence, as a refusal tells who got there first: 'today at 07:50', or
 * 'on 2026-12-03 at 07:50'. Null for a time that cannot be read.
 */
export function whenPhrase(completedAt: Date | string, now: Date, timeZone?: string): string | null {
  const completed = completedLocally(completedAt, now, timeZone);
  if (!completed) return null;
  return completed.today ? `today at ${completed.time}` : `on ${completed.day} at ${completed.time}`;
}

function completedLocally(
  completedAt: Date | string,
  now: Date,
  timeZone: string | undefined,
): (LocalTime & { today: boolean }) | null {
  const instant = completedAt instanceof Date ? completedAt : new Date(completedAt);
  if (Number.isNaN(instant.getTime()) || Number.isNaN(now.getTime())) return null;
  const completed = localTime(instant, timeZone);
  return { ...completed, today: completed.day === localTime(now, timeZone).day };
}
