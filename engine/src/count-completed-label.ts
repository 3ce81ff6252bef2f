import { clockDate, clockTime, wallClockIn } from './zoned-clock.ts';

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
  const instant = completedAt instanceof Date ? completedAt : new Date(completedAt);
  if (Number.isNaN(instant.getTime()) || Number.isNaN(now.getTime())) return null;
  const completed = localTime(instant, timeZone);
  const today = localTime(now, timeZone);
  return completed.day === today.day ? `Today ${completed.time}` : `${completed.day} ${completed.time}`;
}
