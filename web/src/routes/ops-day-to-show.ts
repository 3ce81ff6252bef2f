import { businessDateIn } from '@engine/business-date.ts';
import { endedOpsDay } from '@engine/ops-day.ts';
import { localToday } from '@web/lib/local-today.ts';
import { parseOpsDaySearch } from './ops-day-search.ts';

/**
 * The earlier day an ops tracker shows for a value asked for (the address's `day`, or what was typed in the day
 * field), or `undefined` for today's live view. A value that is not a day comes to the live view, and so does a
 * day that has not ended yet where `today` is, which the server would refuse: neither is ever asked for.
 */
export function opsDayToShow(value: unknown, today: string): string | undefined {
  return endedOpsDay(parseOpsDaySearch({ day: value }).day, today);
}

/** The search that opens a day: none for today's live view, so its address stays clean. */
export function opsDaySearch(shown: string | undefined): { day?: string } {
  return shown === undefined ? {} : { day: shown };
}

/**
 * Today at a café, in its own time zone (decision 007), where its days end. A café kept on the device by an
 * older version has no zone: the device's day stands in, as it does on the District Ops Tracker's day field.
 */
export function cafeToday(timeZone: string | undefined, now = new Date()): string {
  return timeZone ? businessDateIn(now, timeZone) : localToday(now);
}

/**
 * Today for a screen over several cafés: the latest of their days, the one that has begun at one of them at least.
 * A browser in another zone than the cafés must not offer tomorrow, nor a day that has not begun at any of them;
 * with no café known yet, the device's day stands in.
 */
export function cafesToday(cafes: readonly { timezone?: string }[], now = new Date()): string {
  // Days written YYYY-MM-DD sort as text: the last is the latest.
  return (
    cafes
      .map((cafe) => cafeToday(cafe.timezone, now))
      .sort()
      .at(-1) ?? localToday(now)
  );
}

/** The latest of the cafés' own days in a grid the server answered for today; undefined for none. */
export function latestCafeDay(rows: readonly { businessDate: string }[] | undefined): string | undefined {
  // Days written YYYY-MM-DD sort as text: the last is the latest.
  return rows
    ?.map((row) => row.businessDate)
    .sort()
    .at(-1);
}
