/**
 * Business dates of nightly counts: calendar days in the location's own time zone, so a Chicago café's
 * count typed at 23:30 belongs to that evening even when the server's clock says it is tomorrow in UTC.
 */

import { clockDate, wallClockIn } from './zoned-clock.ts';

/** Days back (before today) a nightly count can still be changed; older days are read-only. */
export const NIGHTLY_EDITABLE_DAYS = 7;

/** The calendar day ('YYYY-MM-DD') that `instant` falls on in `timeZone` (an IANA name). */
export function businessDateIn(instant: Date, timeZone: string): string {
  return clockDate(wallClockIn(instant, timeZone));
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type NightlyDateAccess = 'editable' | 'read_only' | 'future';

/** Today and the NIGHTLY_EDITABLE_DAYS before it can be changed; older days are read-only; later ones do not exist yet. */
export function nightlyDateAccess(date: string, today: string): NightlyDateAccess {
  const age = daysBetween(date, today);
  if (age < 0) return 'future';
  return age <= NIGHTLY_EDITABLE_DAYS ? 'editable' : 'read_only';
}
