import { z } from 'zod';
import { EARLIEST_YEAR, hasRealOffset, isCalendarDay, isInAcceptedYears, LATEST_YEAR } from './calendar.ts';

/*
 * The audit log's time bounds, apart from calendar.ts: that module loads with the first script (the screens'
 * dates), this one only with the admin page that filters by time.
 */

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A day or a time as JavaScript reads it in UTC: a day is its midnight, a time without an offset is UTC too.
 * Read as they are, both would be in the server's own time zone, which differs between machines.
 */
function utcUnlessOffset(value: string): string {
  const [, , , , time = '', , , offset] = INSTANT.exec(value) ?? [];
  if (time === '') return `${value}T00:00:00Z`;
  return `${value.slice(0, 10)}T${time.slice(1)}${offset ? '' : 'Z'}`;
}

/**
 * A filter bound: a day (the start of that day in UTC) or a time like 2026-03-01T08:00:00Z, answered as
 * an ISO string in UTC; a time with no offset is UTC. The web sends full times when it means local days.
 */
export function timeFilter(label: string) {
  return z
    .string()
    .trim()
    .refine((value) => INSTANT.test(value), {
      error: `${label} must be a date like 2026-03-01 or a time like 2026-03-01T08:00:00Z`,
      abort: true,
    })
    .refine(
      (value) => {
        const [, y, m, d] = INSTANT.exec(value) ?? [];
        // The year window is checked on the instant below; here only "is it a day at all".
        return isCalendarDay(2000 + (Number(y) % 400), Number(m), Number(d));
      },
      { error: `${label} is not a real date`, abort: true },
    )
    .refine(hasRealOffset, { error: `${label} has a time-zone offset beyond ±14:00`, abort: true })
    .transform((value) => new Date(utcUnlessOffset(value)))
    .refine((date) => !Number.isNaN(date.getTime()), { error: `${label} is not a real time`, abort: true })
    .refine(isInAcceptedYears, `${label} must be between ${EARLIEST_YEAR} and ${LATEST_YEAR}`)
    .transform((date) => date.toISOString());
}
