import { z } from 'zod';
import { businessDateIn } from './business-date.ts';
import { compareText } from './text-order.ts';
import { clockDate, clockTime, wallClockIn } from './zoned-clock.ts';

/**
 * The morning report on last night's nightly counts (`parstock report nightly`): per café, whether the
 * count was done, how many daily items were counted, which were below PAR and how far the counts were from
 * Square's on-hand figures. Only recorded figures are used: a missing count or a missing Square figure is
 * said to be missing, never filled in.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as people type it on a command line: YYYY-MM-DD, and a day that exists. */
export const businessDateSchema = z
  .string()
  .trim()
  .refine((text) => DATE.test(text), {
    error: (i) => `'${String(i.input)}' is not a date in YYYY-MM-DD form`,
    abort: true,
  })
  .refine(
    (text) => {
      const [, y, m, d] = DATE.exec(text) ?? [];
      const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
      return date.toISOString().slice(0, 10) === text;
    },
    { error: (i) => `'${String(i.input)}' is not a day of the calendar` },
  );

export function addCalendarDays(date: string, days: number): string {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/**
 * The business day a morning report is about: yesterday on the café's own clock. A chain across time zones
 * run at 06:15 server time gets each café's own yesterday, not the server's.
 */
export function previousBusinessDate(now: Date, timeZone: string): string {
  return addCalendarDays(businessDateIn(now, timeZone), -1);
}

/** 'YYYY-MM-DD HH:mm' on the clock of `timeZone`: how a café manager reads a time in the report. */
export function localDateTimeIn(instant: Date, timeZone: string): string {
  const clock = wallClockIn(instant, timeZone);
  return `${clockDate(clock)} ${clockTime(clock)}`;
}

export interface NightlyReportItem {
  product: string;
  count: number | null;
  par: number;
  squareQuantity: number | null;
}

export interface NightlyReportInput {
  locationCode: string;
  locationName: string;
  businessDate: string;
  /** The café's IANA time zone, for the times shown. */
  timeZone: string;
  /** The café is mapped to a Square location. */
  squareConnected: boolean;
  /** Square failed for the café that day and did not answer after (no figures to compare). */
  squareUnavailable?: boolean;
  nightlyCount: { completedAt: string | null; completedBy: string | null } | null;
  /** Daily-count products the café carries: what a complete nightly count covers. */
  itemsExpected: number;
  items: readonly NightlyReportItem[];
}

/** completed: finished in the app; started: items entered but never finished; missing: nothing recorded. */
export type NightlyCountStatus = 'completed' | 'started' | 'missing';

export interface BelowPar {
  product: string;
  count: number;
  par: number;
}

export const VARIANCE_NOTES = {
  noCount: 'n/a — no nightly count',
  notConnected: 'n/a — Square not connected',
  noFigures: 'n/a — no Square figures',
  unavailable: 'n/a — Square was unavailable',
} as const;

export interface NightlyReportRow {
  locationCode: string;
  locationName: string;
  businessDate: string;
  status: NightlyCountStatus;
  completedAt: string | null;
  /** completedAt on the café's clock, 'YYYY-MM-DD HH:mm'. */
  completedAtLocal: string | null;
  completedBy: string | null;
  itemsCounted: number;
  itemsExpected: number;
  /** Counted items below their PAR, by product name; null when there is no count to compare. */
  belowPar: BelowPar[] | null;
  /** Sum of |count − Square| over the items that have both; null when there is nothing to compare. */
  squareVariance: number | null;
  /** Items that had both a count and a Square figure. */
  squareItemsCompared: number;
  /** Why the variance is missing, in words for the report; null when there is a variance. */
  varianceNote: string | null;
}

// Quantities are stored to the hundredth; summing whole hundredths keeps 0.1 + 0.2 from showing as 0.30000000000000004.
const hundredths = (n: number) => Math.round(n * 100);

export function buildNightlyReportRow(input: NightlyReportInput): NightlyReportRow {
  const base = {
    locationCode: input.locationCode,
    locationName: input.locationName,
    businessDate: input.businessDate,
    itemsExpected: input.itemsExpected,
  };
  if (!input.nightlyCount) {
    return {
      ...base,
      status: 'missing',
      completedAt: null,
      completedAtLocal: null,
      completedBy: null,
      itemsCounted: 0,
      belowPar: null,
      squareVariance: null,
      squareItemsCompared: 0,
      varianceNote: VARIANCE_NOTES.noCount,
    };
  }
  const counted = input.items.filter(
    (item): item is NightlyReportItem & { count: number } => item.count !== null,
  );
  const belowPar = counted
    .filter((item) => item.par > 0 && item.count < item.par)
    .map((item) => ({ product: item.product, count: item.count, par: item.par }))
    .sort((a, b) => compareText(a.product, b.product));
  const compared = counted.filter(
    (item): item is typeof item & { squareQuantity: number } => item.squareQuantity !== null,
  );
  const variance =
    compared.length === 0
      ? null
      : compared.reduce(
          (sum, item) => sum + Math.abs(hundredths(item.count) - hundredths(item.squareQuantity)),
          0,
        ) / 100;
  const completed = input.nightlyCount.completedAt !== null;
  return {
    ...base,
    status: completed ? 'completed' : 'started',
    completedAt: input.nightlyCount.completedAt,
    completedAtLocal: input.nightlyCount.completedAt
      ? localDateTimeIn(new Date(input.nightlyCount.completedAt), input.timeZone)
      : null,
    completedBy: completed ? input.nightlyCount.completedBy : null,
    itemsCounted: counted.length,
    belowPar,
    squareVariance: variance,
    squareItemsCompared: compared.length,
    varianceNote:
      variance !== null
        ? null
        : input.squareConnected
          ? input.squareUnavailable
            ? VARIANCE_NOTES.unavailable
            : VARIANCE_NOTES.noFigures
          : VARIANCE_NOTES.notConnected,
  };
}

export interface NightlyReportTotals {
  locations: number;
  completed: number;
  started: number;
  missing: number;
}

export function totalNightlyReport(rows: readonly NightlyReportRow[]): NightlyReportTotals {
  const totals: NightlyReportTotals = { locations: rows.length, completed: 0, started: 0, missing: 0 };
  for (const row of rows) totals[row.status] += 1;
  return totals;
}
