import type { ReportRow } from '@engine/reports/report-definitions.ts';

/**
 * The chart's shape of a report's rows: one point per x value with one number per series. Pivoting only —
 * each figure is a row of the table, or (where the chart puts several cafés in one bar) their sum.
 */
export interface ChartData {
  points: Record<string, string | number>[];
  /**
   * The series' keys in the points: fixed words, or s0, s1… for names taken from the rows. A category or a
   * status is a name, never a key: one called `x`, `constructor` or `Milk.Dairy` would clash with the axis, with
   * what every object has, or with the chart's reading of a dotted key as a path.
   */
  series: string[];
  /** What each series is called where its key is not its name. */
  names?: Readonly<Record<string, string>>;
  /** What the x axis shows: a key of each point. */
  x: string;
}

/** A chart whose series are names taken from the rows (categories, statuses, verdicts). */
export type NamedSeriesChart = ChartData & { names: Readonly<Record<string, string>> };

function pivot<Row>(
  rows: readonly Row[],
  xOf: (row: Row) => string,
  nameOf: (row: Row) => string,
  amountOf: (row: Row) => number,
): NamedSeriesChart {
  const points = new Map<string, Record<string, string | number>>();
  const keys = new Map<string, string>();
  const names: Record<string, string> = {};
  for (const row of rows) {
    const x = xOf(row);
    const name = nameOf(row);
    let key = keys.get(name);
    if (key === undefined) {
      key = `s${keys.size}`;
      keys.set(name, key);
      names[key] = name;
    }
    const point = points.get(x) ?? { x };
    point[key] = Math.round(((Number(point[key]) || 0) + amountOf(row)) * 100) / 100;
    points.set(x, point);
  }
  return { points: [...points.values()], series: [...keys.values()], names, x: 'x' };
}

const shortDate = (day: string) => day.slice(5);

/** Value by category at each count: one bar per count (date and café), stacked by category. */
export function inventoryValueChart(
  rows: readonly ReportRow<'inventory-value'>[],
  manyCafes: boolean,
): NamedSeriesChart {
  return pivot(
    rows,
    (row) => (manyCafes ? `${shortDate(row.businessDate)} ${row.locationCode}` : shortDate(row.businessDate)),
    (row) => row.category,
    (row) => row.value,
  );
}

/** Statuses of orders that were never bought: the Orders screen leaves them out of its total too. */
const UNSPENT_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'rejected']);

/**
 * Spend per week, stacked by status (the cafés of the report together), of orders that go ahead: a bar's top is
 * what was spent. Cancelled and rejected orders stay in the table, and `unspent` says how much they come to.
 */
export function orderSpendChart(
  rows: readonly ReportRow<'order-spend'>[],
): NamedSeriesChart & { unspent: number } {
  const spent = rows.filter((row) => !UNSPENT_STATUSES.has(row.status));
  const unspent = rows
    .filter((row) => UNSPENT_STATUSES.has(row.status))
    .reduce((sum, row) => sum + row.spend, 0);
  return {
    ...pivot(
      spent,
      (row) => shortDate(row.weekStart),
      (row) => row.status,
      (row) => row.spend,
    ),
    unspent: Math.round(unspent * 100) / 100,
  };
}

/**
 * Per week, the cafés of the report together: cafés that did their full count beside cafés due one, nightly
 * counts done beside those due. Each café counts up to what it owed, so one café's extra counts cannot hide
 * another's missed one in the bar (the table keeps every café's own figures).
 */
export function countComplianceChart(rows: readonly ReportRow<'count-compliance'>[]): ChartData {
  const points = new Map<string, Record<string, string | number>>();
  for (const row of rows) {
    const x = shortDate(row.weekStart);
    const point = points.get(x) ?? { x, countsCompleted: 0, countsDue: 0, nightlyDone: 0, nightlyDue: 0 };
    point.countsCompleted = Number(point.countsCompleted) + Math.min(row.countsCompleted, row.countsDue);
    point.countsDue = Number(point.countsDue) + row.countsDue;
    point.nightlyDone = Number(point.nightlyDone) + Math.min(row.nightlyDone, row.nightlyDue);
    point.nightlyDue = Number(point.nightlyDue) + row.nightlyDue;
    points.set(x, point);
  }
  return {
    points: [...points.values()],
    series: ['countsCompleted', 'countsDue', 'nightlyDone', 'nightlyDue'],
    x: 'x',
  };
}

/** A name cut to `max` characters with an ellipsis, for an axis that has room for no more. */
const shortened = (name: string, max: number) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/** The intervals whose usage jumped (or, when none did, the highest daily usage), largest first. */
export function usageChart(
  rows: readonly ReportRow<'usage'>[],
  limit = 10,
): ChartData & { jumpedOnly: boolean } {
  const measured = rows.filter((row) => row.usagePerDay !== null);
  const jumped = measured.filter((row) => row.jumped);
  const chosen = (jumped.length ? jumped : measured)
    .slice()
    .sort((a, b) => (b.usagePerDay ?? 0) - (a.usagePerDay ?? 0))
    .slice(0, limit);
  return {
    points: chosen.map((row) => ({
      // The axis names the product, the café and the count's day, which tell one product's intervals apart.
      x: `${shortened(row.product, 20)} ${row.locationCode} ${shortDate(row.countDate)}`,
      detail: `${row.product} · ${row.locationCode} · counted ${row.countDate}`,
      usagePerDay: row.usagePerDay ?? 0,
    })),
    series: ['usagePerDay'],
    x: 'x',
    jumpedOnly: jumped.length > 0,
  };
}

/** The products furthest from Square (total absolute variance), largest first. */
export function nightlyVarianceChart(rows: readonly ReportRow<'nightly-variance'>[], limit = 10): ChartData {
  const chosen = rows.filter((row) => row.absoluteVariance > 0).slice(0, limit);
  return {
    points: chosen.map((row) => ({
      x: `${shortened(row.product, 20)} ${row.locationCode}`,
      detail: `${row.product} · ${row.locationName} · net ${row.netVariance} over ${row.nightsCompared} nights`,
      absoluteVariance: row.absoluteVariance,
    })),
    series: ['absoluteVariance'],
    x: 'x',
  };
}

/** PARs by verdict at each café, stacked: how many are too low, too high, ok or not measured. */
export function parHealthChart(rows: readonly ReportRow<'par-health'>[]): NamedSeriesChart {
  const data = pivot(
    rows,
    (row) => row.locationCode,
    (row) => row.verdict,
    () => 1,
  );
  // The verdicts in the report's own order, so the legend reads worst first whatever row came first.
  const order = ['too low', 'too high', 'check counts', 'ok', 'not measured', 'retired'];
  const rank = (key: string) => order.indexOf(data.names[key] ?? '');
  return { ...data, series: data.series.toSorted((a, b) => rank(a) - rank(b)) };
}

/** Pixels a character of an axis label takes at the chart's 12 px, with room for the gap to the bars. */
const AXIS_CHARACTER_PX = 7.5;

/**
 * The value axis's width: enough for its longest label, the largest bar's value as the axis writes it
 * ("$1,250,000" for a district's year of spend), within bounds that keep room for the bars on a phone.
 */
export function valueAxisWidth(data: ChartData, stacked: boolean, format: (value: number) => string): number {
  let largest = 0;
  let negative = false;
  for (const point of data.points) {
    const values = data.series.map((key) => {
      const value = Number(point[key]) || 0;
      negative ||= value < 0;
      return Math.abs(value);
    });
    const bar = stacked ? values.reduce((sum, value) => sum + value, 0) : Math.max(0, ...values);
    largest = Math.max(largest, bar);
  }
  // The axis rounds its top tick up: a label one digit longer than the largest value may show.
  const characters = format(largest * 1.25).length + (negative ? 1 : 0);
  return Math.min(96, Math.max(40, Math.ceil(characters * AXIS_CHARACTER_PX) + 8));
}
