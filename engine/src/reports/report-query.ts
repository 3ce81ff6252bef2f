import { z } from 'zod';
import { daysBetween } from '../business-date.ts';
import { calendarDate } from '../input/calendar.ts';
import { textId } from '../input/record-id.ts';
import { REPORT_MAX_DAYS } from './report-names.ts';

export { REPORT_MAX_DAYS };
/** The most cafés one report names explicitly (a district or "all my cafés" has no such limit). */
export const REPORT_MAX_LOCATIONS = 200;

const reportDate = (label: string) =>
  calendarDate(label, {
    format: `${label} must be a day such as 2026-11-01`,
    notADay: `${label} is not a day in the calendar`,
    outOfRange: `${label} must be between 1970 and 9999`,
  });

/** `?locations=3&locations=5` arrives as a list, `?locations=3` as one value: both are a list here. */
const locationList = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value]),
  z
    .array(textId('locations'), { error: 'locations must be a list of café ids' })
    .max(REPORT_MAX_LOCATIONS, `At most ${REPORT_MAX_LOCATIONS} cafés can be named at once`)
    .optional(),
);

/**
 * Every report's query: a range of calendar days, each read in the café's own time zone, and which cafés:
 * a list, a district, or neither (every café of the user's). `from`..`to` includes both days.
 */
export const reportQuerySchema = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    locations: locationList,
    district: z
      .preprocess((value) => (value === '' ? undefined : value), textId('district').optional())
      .optional(),
  })
  .refine((query) => query.from <= query.to, { error: 'from must not be after to', path: ['to'] })
  .refine((query) => daysBetween(query.from, query.to) < REPORT_MAX_DAYS, {
    error: `A report covers at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
  })
  .refine((query) => !(query.locations && query.district !== undefined), {
    error: 'Name cafés or a district, not both',
    path: ['district'],
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

/** A café a report covers; `active` false for a closed one, whose history reports still read (decision 103). */
export const reportLocationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  timezone: z.string(),
  active: z.boolean(),
  /** The day a closed café closed, on its own clock (decision 114); null while open, or when no day was kept. */
  closedOn: z.string().nullable(),
});
export type ReportLocation = z.infer<typeof reportLocationSchema>;

/**
 * The most rows a report answers on screen: a year of usage for a large chain is hundreds of thousands of rows,
 * more than a browser table or a person can use. Beyond it the route asks for a narrower view; the CLI has no
 * such limit.
 */
export const REPORT_MAX_ROWS = 20_000;

export function tooManyRowsMessage(
  title: string,
  limit = REPORT_MAX_ROWS,
  { rowsFollowRange = true }: { rowsFollowRange?: boolean } = {},
): string {
  const rows = limit.toLocaleString('en-US');
  return rowsFollowRange
    ? `${title} has more than ${rows} rows for this range and these cafés. Choose fewer days or one café, or use parstock report for the whole file.`
    : `${title} has a row for every product of every café: more than ${rows} for these cafés, whatever the range. Choose one district or café, or use parstock report for the whole file.`;
}
