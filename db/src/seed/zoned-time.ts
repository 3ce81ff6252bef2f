/**
 * Calendar days and wall-clock times in a location's time zone. Business dates belong to the café, so
 * "yesterday at 21:30" means 21:30 in New York for a Downtown café, not in the server's zone.
 */

import { clockDate, wallClockIn } from '@engine/zoned-clock.ts';

/** The calendar day ('YYYY-MM-DD') that `instant` falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return clockDate(wallClockIn(instant, timeZone));
}

export function addDays(date: string, days: number): string {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, as JavaScript's getDay and PostgreSQL's extract(dow). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

export { zonedInstant } from '@engine/zoned-clock.ts';
