import { daysBetween } from '@engine/business-date.ts';
import type { ReportName } from '@engine/reports/report-names.ts';
import { REPORT_MAX_DAYS } from '@engine/reports/report-names.ts';
import type { NavigatorSearch } from './navigator-search-params.ts';

/** Days shown when the link names none: the last four weeks, today included. */
export const DEFAULT_RANGE_DAYS = 28;

export {
  type NavigatorSearch,
  navigatorSearchSchema,
  parseNavigatorSearch,
} from './navigator-search-params.ts';

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface NavigatorView {
  report: ReportName;
  from: string;
  to: string;
  locations: number[];
  /** A district's cafés (the user's among them); only when no café is named, as the server takes one or the other. */
  district?: number;
  /** The start asked for, when it was moved to keep the range within what a report covers. */
  askedFrom?: string;
}

/**
 * The view a URL asks for, with defaults filled in and a range the server will accept: a backwards range is
 * turned round and one longer than a report covers is shortened from its start.
 */
export function navigatorView(search: NavigatorSearch, today: string): NavigatorView {
  let to = search.to ?? today;
  let from = search.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) [from, to] = [to, from];
  const asked = from;
  if (daysBetween(from, to) >= REPORT_MAX_DAYS) from = addDays(to, -(REPORT_MAX_DAYS - 1));
  const locations = search.locations ?? [];
  const district = locations.length === 0 ? search.district : undefined;
  return {
    report: search.report ?? 'inventory-value',
    from,
    to,
    locations,
    ...(district === undefined ? {} : { district }),
    ...(from === asked ? {} : { askedFrom: asked }),
  };
}
