import { calendarDate } from '@engine/input/calendar.ts';
import { z } from 'zod';

/*
 * The ops trackers' search, checked by the router before the page loads: `?day=2026-03-01` opens the District
 * Ops Tracker or the Cafe Ops Tracker on that day as it ended, so Back, a reload and a shared link keep the day.
 * Today's live view has no `day`. Kept apart from ops-day-to-show.ts so the first script carries only this.
 */

// The server's own rule for a day: one it would refuse (30 February, year 0000, `abc`) falls back here instead.
const day = calendarDate('day');

export const opsDaySearchSchema = z.object({ day: day.optional().catch(undefined) });
export type OpsDaySearch = z.infer<typeof opsDaySearchSchema>;

/** `day` is always answered, `undefined` when not a day: the router lays this over the raw search, which would keep `day=abc`. */
export function parseOpsDaySearch(search: Record<string, unknown>): OpsDaySearch {
  const { day } = opsDaySearchSchema.parse(search);
  return { day };
}
