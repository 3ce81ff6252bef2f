import { z } from 'zod';

/**
 * Days and instants people send: real calendar days and real UTC offsets, within years PostgreSQL and
 * JavaScript agree on. Year 0000 does not exist in PostgreSQL, and an offset such as +23:59 is refused by
 * it; both used to reach the database and fail there.
 */

export const EARLIEST_YEAR = 1970;
export const LATEST_YEAR = 9999;
/** The largest UTC offset in use anywhere (Kiribati, +14:00), in minutes. */
export const MAX_OFFSET_MINUTES = 14 * 60;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether year-month-day names a day of the calendar (no 30 February) in the years accepted. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface CalendarDateMessages {
  /** Not text shaped like 2026-03-01. */
  format?: string;
  /** Shaped right but no such day (2026-02-30). */
  notADay?: string;
  /** A real day outside the years accepted (year 0000 does not exist in PostgreSQL). */
  outOfRange?: string;
}

/** A calendar day `YYYY-MM-DD` from 1970 to 9999. */
export function calendarDate(label: string, messages: CalendarDateMessages = {}) {
  const format = messages.format ?? `${label} must be a calendar day such as 2026-03-01`;
  return z
    .string({ error: format })
    .regex(DAY, { error: format, abort: true })
    .refine(
      (value) => {
        const [, y, m, d] = DAY.exec(value) ?? [];
        // The year is judged on its own below; 2000 shares its calendar with every year 400 apart.
        return isCalendarDay(2000 + (Number(y) % 400), Number(m), Number(d));
      },
      { error: messages.notADay ?? `${label} is not a real day`, abort: true },
    )
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
    }, messages.outOfRange ?? `${label} must be between ${EARLIEST_YEAR} and ${LATEST_YEAR}`);
}

const EARLIEST_MS = Date.UTC(EARLIEST_YEAR, 0, 1);
const LATEST_MS = Date.UTC(LATEST_YEAR, 11, 31, 23, 59, 59, 999);

/** Whether an instant lies in the years accepted (judged in UTC, where the database keeps it). */
export function isInAcceptedYears(date: Date): boolean {
  const ms = date.getTime();
  return ms >= EARLIEST_MS && ms <= LATEST_MS;
}

const OFFSET = /(Z|([+-])(\d{2}):?(\d{2}))$/;

/** Whether an ISO time's trailing offset is one the world uses (at most ±14:00); true without one. */
export function hasRealOffset(value: string): boolean {
  const match = OFFSET.exec(value);
  if (!match || match[1] === 'Z') return true;
  const minutes = Number(match[3]) * 60 + Number(match[4]);
  return Number(match[4]) < 60 && minutes <= MAX_OFFSET_MINUTES;
}

/**
 * A moment a device recorded: an ISO date and time with its offset (`Z` or ±hh:mm up to ±14:00), from
 * 1970 to 9999.
 */
export function timestamp(
  label: string,
  message = `${label} must be a date and time such as 2026-03-01T14:05:00Z`,
) {
  return z.iso
    .datetime({ offset: true, error: message, abort: true })
    .refine(hasRealOffset, { error: `${label} has a time-zone offset beyond ±14:00`, abort: true })
    .refine(
      (value) => isInAcceptedYears(new Date(value)),
      `${label} must be between ${EARLIEST_YEAR} and ${LATEST_YEAR}`,
    );
}
