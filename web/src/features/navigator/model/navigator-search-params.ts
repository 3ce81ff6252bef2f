import { calendarDate } from '@engine/input/calendar.ts';
import { REPORT_NAMES } from '@engine/reports/report-names.ts';
import { z } from 'zod';

/*
 * The Navigator's search params, checked by the router before the page loads: kept apart from the view logic
 * and the report schemas so the first script carries only this.
 */

// The server's own rule for a report's day: one it would refuse (30 February, year 0000) falls back here instead.
const day = calendarDate('day');

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The Navigator's URL: `?report=usage&from=2026-02-01&to=2026-02-28&locations=3&locations=5`, or `&district=2`
 * for a district's cafés. A value that does not parse is dropped (the default takes its place) rather than
 * shown as an error: a bookmark from an older version still opens.
 */
export const navigatorSearchSchema = z.object({
  report: z.enum(REPORT_NAMES).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  locations: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(id).optional(),
    )
    .catch(undefined),
  district: id.optional().catch(undefined),
});
export type NavigatorSearch = z.infer<typeof navigatorSearchSchema>;

/**
 * Every key is answered, `undefined` for one that did not parse: the router lays this over the raw search, so a
 * key left out would reach the page with the address's raw value (`report=bogus`) still in it.
 */
export function parseNavigatorSearch(search: Record<string, unknown>): NavigatorSearch {
  const { report, from, to, locations, district } = navigatorSearchSchema.parse(search);
  return { report, from, to, locations, district };
}
