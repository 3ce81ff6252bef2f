import { daysBetween } from '@engine/business-date.ts';
import { REPORT_NAMES, type ReportName } from '@engine/reports/report-definitions.ts';
import { REPORT_MAX_DAYS } from '@engine/reports/report-query.ts';
import { z } from 'zod';

/** Days shown when the link names none: the last four weeks, today included. */
export const DEFAULT_RANGE_DAYS = 28;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

/**
 * The Navigator's URL: `?report=usage&from=2026-02-01&to=2026-02-28&locations=3&locations=5`. A value that
 * does not parse is dropped (the default takes its place) rather than shown as an error: a bookmark from an
 * older version still opens.
 */
export const navigatorSearchSchema = z.object({
  report: z
    .enum(REPORT_NAMES as [ReportName, ...ReportName[]])
    .optional()
    .catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  locations: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(z.coerce.number().int().positive().max(2_147_483_647)).optional(),
    )
    .catch(undefined),
});
export type NavigatorSearch = z.infer<typeof navigatorSearchSchema>;

export function parseNavigatorSearch(search: Record<string, unknown>): NavigatorSearch {
  const parsed = navigatorSearchSchema.parse(search);
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as NavigatorSearch;
}

export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface NavigatorView {
  report: ReportName;
  from: string;
  to: string;
  locations: number[];
}

/**
 * The view a URL asks for, with defaults filled in and a range the server will accept: a backwards range is
 * turned round and one longer than a report covers is shortened from its start.
 */
export function navigatorView(search: NavigatorSearch, today: string): NavigatorView {
  let to = search.to ?? today;
  let from = search.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) [from, to] = [to, from];
  if (daysBetween(from, to) >= REPORT_MAX_DAYS) from = addDays(to, -(REPORT_MAX_DAYS - 1));
  return { report: search.report ?? 'inventory-value', from, to, locations: search.locations ?? [] };
}
