import { z } from 'zod';
import { PAR_VERDICTS } from './par-health.ts';
import { REPORT_NAMES, type ReportName } from './report-names.ts';
import { reportLocationSchema } from './report-query.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.string();
const money = z.number();
const quantity = z.number();

const inventoryValueRow = z.object({
  businessDate: day,
  countedAt: instant,
  locationCode: z.string(),
  locationName: z.string(),
  category: z.string(),
  productsCounted: z.number().int(),
  value: money,
});

const usageRow = z.object({
  locationCode: z.string(),
  locationName: z.string(),
  product: z.string(),
  category: z.string(),
  previousCountDate: day.nullable(),
  countDate: day,
  days: z.number().nullable(),
  previousCount: quantity.nullable(),
  received: quantity,
  count: quantity,
  usage: quantity.nullable(),
  usagePerDay: quantity.nullable(),
  jumped: z.boolean(),
});

const orderSpendRow = z.object({
  weekStart: day,
  locationCode: z.string(),
  locationName: z.string(),
  category: z.string(),
  status: z.string(),
  orders: z.number().int(),
  spend: money,
  approvedOrders: z.number().int(),
  averageApprovalHours: z.number().nullable(),
});

const countComplianceRow = z.object({
  weekStart: day,
  locationCode: z.string(),
  locationName: z.string(),
  countsCompleted: z.number().int(),
  countsDue: z.number().int(),
  nightlyDone: z.number().int(),
  nightlyDue: z.number().int(),
  /** Days of the week (in the range, up to today) the café was closed, which owed nothing (decision 117). */
  daysClosed: z.number().int(),
});

const nightlyVarianceRow = z.object({
  locationCode: z.string(),
  locationName: z.string(),
  product: z.string(),
  category: z.string(),
  nightsCompared: z.number().int(),
  netVariance: quantity,
  absoluteVariance: quantity,
  averageVariance: quantity,
  worstVariance: quantity,
  worstDate: day,
});

const parHealthRow = z.object({
  /** Ids for applying a suggestion through Set PARs; the CSV leaves them out. */
  locationId: z.number().int(),
  productId: z.number().int(),
  locationCode: z.string(),
  locationName: z.string(),
  product: z.string(),
  category: z.string(),
  par: quantity,
  locked: z.boolean(),
  intervalsMeasured: z.number().int(),
  daysMeasured: z.number().nullable(),
  usage: quantity.nullable(),
  averageDailyUsage: quantity.nullable(),
  daysOfCover: z.number().nullable(),
  verdict: z.enum(PAR_VERDICTS),
  suggestedPar: quantity.nullable(),
  capped: z.boolean(),
});

interface Column<Row> {
  key: keyof Row & string;
  header: string;
}

function report<const Name extends string, S extends z.ZodObject>(definition: {
  name: Name;
  title: string;
  summary: string;
  row: S;
  columns: readonly Column<z.infer<S>>[];
  /** False for a report with a row per café and product whatever the range: fewer days make it no shorter. */
  rowsFollowRange?: boolean;
}) {
  return definition;
}

/** The Navigator's reports: name (URL and CLI), title, what a row is, and the CSV columns in order. */
export const REPORTS = {
  'inventory-value': report({
    name: 'inventory-value',
    title: 'Inventory value',
    summary: 'Value on the shelf by category at each completed count (count × current unit cost).',
    row: inventoryValueRow,
    columns: [
      { key: 'businessDate', header: 'Business date' },
      { key: 'locationCode', header: 'Location code' },
      { key: 'category', header: 'Category' },
      { key: 'value', header: 'Value' },
      { key: 'productsCounted', header: 'Products counted' },
      { key: 'countedAt', header: 'Completed at (UTC)' },
      { key: 'locationName', header: 'Location' },
    ],
  }),
  usage: report({
    name: 'usage',
    title: 'Usage between counts',
    summary: 'Per product: previous count + received − this count, per day, with jumps flagged.',
    row: usageRow,
    columns: [
      { key: 'product', header: 'Product' },
      { key: 'locationCode', header: 'Location code' },
      { key: 'countDate', header: 'Count date' },
      { key: 'usagePerDay', header: 'Usage per day' },
      { key: 'jumped', header: 'Jump' },
      { key: 'usage', header: 'Usage' },
      { key: 'previousCount', header: 'Previous count' },
      { key: 'received', header: 'Received' },
      { key: 'count', header: 'Count' },
      { key: 'days', header: 'Days' },
      { key: 'previousCountDate', header: 'Previous count date' },
      { key: 'category', header: 'Category' },
      { key: 'locationName', header: 'Location' },
    ],
  }),
  'order-spend': report({
    name: 'order-spend',
    title: 'Order spend',
    summary: 'Ordered value by week, category, café and status, with the time from submission to approval.',
    row: orderSpendRow,
    columns: [
      { key: 'weekStart', header: 'Week of' },
      { key: 'locationCode', header: 'Location code' },
      { key: 'locationName', header: 'Location' },
      { key: 'category', header: 'Category' },
      { key: 'status', header: 'Status' },
      { key: 'orders', header: 'Orders' },
      { key: 'spend', header: 'Spend' },
      { key: 'approvedOrders', header: 'Approved orders' },
      { key: 'averageApprovalHours', header: 'Average hours to approval' },
    ],
  }),
  'count-compliance': report({
    name: 'count-compliance',
    title: 'Count compliance',
    summary:
      'Completed counts per week, each week judged whole, and nightly counts done on the days asked for, against what was due.',
    row: countComplianceRow,
    columns: [
      { key: 'weekStart', header: 'Week of' },
      { key: 'locationCode', header: 'Location code' },
      { key: 'locationName', header: 'Location' },
      { key: 'countsCompleted', header: 'Counts completed' },
      { key: 'countsDue', header: 'Counts due' },
      { key: 'nightlyDone', header: 'Nightly counts done' },
      { key: 'nightlyDue', header: 'Nightly counts due' },
      { key: 'daysClosed', header: 'Days closed' },
    ],
  }),
  'nightly-variance': report({
    name: 'nightly-variance',
    title: 'Nightly variance',
    summary:
      'Nightly counts against Square’s on-hand figure, by product and café, worst first (count − Square; below zero: fewer on the shelf than Square thinks).',
    row: nightlyVarianceRow,
    columns: [
      { key: 'product', header: 'Product' },
      { key: 'locationCode', header: 'Location code' },
      { key: 'absoluteVariance', header: 'Total absolute variance' },
      { key: 'netVariance', header: 'Net variance' },
      { key: 'nightsCompared', header: 'Nights compared' },
      { key: 'averageVariance', header: 'Average variance per night' },
      { key: 'worstVariance', header: 'Worst variance' },
      { key: 'worstDate', header: 'Worst night' },
      { key: 'category', header: 'Category' },
      { key: 'locationName', header: 'Location' },
    ],
  }),
  'par-health': report({
    name: 'par-health',
    title: 'PAR health',
    rowsFollowRange: false,
    summary:
      'Each PAR against the average daily usage measured between counts: the days it covers, too low (under a week’s order cycle) or too high (over three), and the PAR ten days of usage suggests.',
    row: parHealthRow,
    columns: [
      { key: 'product', header: 'Product' },
      { key: 'locationCode', header: 'Location code' },
      { key: 'verdict', header: 'Verdict' },
      { key: 'par', header: 'PAR' },
      { key: 'suggestedPar', header: 'Suggested PAR' },
      { key: 'averageDailyUsage', header: 'Average daily usage' },
      { key: 'daysOfCover', header: 'Days of cover' },
      { key: 'capped', header: 'Capped at maximum stock' },
      { key: 'locked', header: 'PAR locked' },
      { key: 'usage', header: 'Usage' },
      { key: 'daysMeasured', header: 'Days measured' },
      { key: 'intervalsMeasured', header: 'Intervals measured' },
      { key: 'category', header: 'Category' },
      { key: 'locationName', header: 'Location' },
    ],
  }),
} as const;

export { REPORT_NAMES, type ReportName };

// The name list and the definitions name the same reports: one missing from either fails the type check.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const REPORT_NAMES_MATCH: SameKeys<keyof typeof REPORTS, ReportName> = true;
export type ReportRow<N extends ReportName> = z.infer<(typeof REPORTS)[N]['row']>;

export function isReportName(value: string): value is ReportName {
  return Object.hasOwn(REPORTS, value);
}

/** A report's answer: the range and cafés it covers (as resolved for the user) and its rows. */
export function reportResponseSchema<N extends ReportName>(name: N) {
  return z.object({
    report: z.literal(name),
    from: day,
    to: day,
    locations: z.array(reportLocationSchema),
    rows: z.array(REPORTS[name].row as (typeof REPORTS)[N]['row']),
  });
}
export type ReportResponse<N extends ReportName> = z.infer<ReturnType<typeof reportResponseSchema<N>>>;
