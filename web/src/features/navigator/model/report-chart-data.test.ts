import { describe, expect, test } from 'bun:test';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import {
  countComplianceChart,
  inventoryValueChart,
  orderSpendChart,
  parHealthChart,
  usageChart,
  valueAxisWidth,
} from './report-chart-data.ts';

const row = (locationCode: string, verdict: ReportRow<'par-health'>['verdict']) =>
  ({ locationCode, verdict }) as ReportRow<'par-health'>;

/** Each point with its series named, as the chart's legend and tooltip read it. */
const named = (data: ReturnType<typeof parHealthChart>) =>
  data.points.map((point) =>
    Object.fromEntries(Object.entries(point).map(([key, value]) => [data.names[key] ?? key, value])),
  );

describe('parHealthChart', () => {
  test('counts PARs by verdict at each café, verdicts in the report’s order whatever row came first', () => {
    const data = parHealthChart([
      row('DT-01', 'ok'),
      row('DT-01', 'too low'),
      row('DT-02', 'too high'),
      row('DT-01', 'too low'),
    ]);
    expect(data.series.map((key) => data.names[key])).toEqual(['too low', 'too high', 'ok']);
    expect(named(data)).toEqual([
      { x: 'DT-01', ok: 1, 'too low': 2 },
      { x: 'DT-02', 'too high': 1 },
    ]);
  });
});

describe('inventoryValueChart', () => {
  test('a category called x, constructor, __proto__ or with a dot is a series like any other', () => {
    const categories = ['x', 'constructor', '__proto__', 'Milk.Dairy', 'toString'];
    const rows = categories.map(
      (category, index) =>
        ({
          businessDate: '2026-11-30',
          locationCode: 'DT-01',
          category,
          value: index + 1,
        }) as ReportRow<'inventory-value'>,
    );
    const data = inventoryValueChart(rows, false);
    expect(data.series).toEqual(['s0', 's1', 's2', 's3', 's4']);
    expect(data.series.map((key) => data.names[key])).toEqual(categories);
    // The axis keeps its date; every figure is an own number of the point.
    expect(data.points).toEqual([{ x: '11-30', s0: 1, s1: 2, s2: 3, s3: 4, s4: 5 }]);
  });
});

describe('usageChart', () => {
  const interval = (product: string, locationCode: string, usagePerDay: number, countDate = '2026-11-13') =>
    ({ product, locationCode, usagePerDay, jumped: true, countDate }) as ReportRow<'usage'>;
  test('names each bar by its product, cut to fit, its café and its count’s day, so one product’s jumps are told apart', () => {
    const data = usageChart([
      interval('Almond Croissant', 'DT-01', 4),
      interval('Almond Croissant', 'NS-02', 5),
      interval('Almond Croissant', 'NS-02', 6, '2026-11-20'),
      interval('Egg White & Spinach Egg Bites', 'DT-02', 3),
    ]);
    expect(data.points.map((point) => point.x)).toEqual([
      'Almond Croissant NS-02 11-20',
      'Almond Croissant NS-02 11-13',
      'Almond Croissant DT-01 11-13',
      'Egg White & Spinach… DT-02 11-13',
    ]);
  });
});

describe('countComplianceChart', () => {
  const week = (locationCode: string, countsCompleted: number, nightlyDone: number) => ({
    weekStart: '2026-11-16',
    locationCode,
    locationName: locationCode,
    countsCompleted,
    countsDue: 1,
    nightlyDone,
    nightlyDue: 7,
    daysClosed: 0,
  });
  test('one café’s extra counts do not hide another’s missed one', () => {
    const chart = countComplianceChart([week('DT-01', 3, 9), week('DT-02', 0, 4), week('DT-03', 1, 7)]);
    expect(chart.points).toEqual([
      { x: '11-16', countsCompleted: 2, countsDue: 3, nightlyDone: 18, nightlyDue: 21 },
    ]);
  });
});

describe('orderSpendChart', () => {
  const spend = (status: string, amount: number, weekStart = '2026-11-23') => ({
    weekStart,
    locationCode: 'DT-01',
    locationName: 'Harbor Street Café',
    category: 'Dairy',
    status,
    orders: 1,
    spend: amount,
    approvedOrders: 0,
    averageApprovalHours: null,
  });
  test('cancelled and rejected orders are left out of the bars and summed apart', () => {
    const chart = orderSpendChart([
      spend('placed', 100.5),
      spend('cancelled', 4766.25),
      spend('rejected', 10.1, '2026-11-16'),
      spend('submitted', 20),
    ]);
    expect(chart.points).toEqual([{ x: '11-23', s0: 100.5, s1: 20 }]);
    expect(chart.names).toEqual({ s0: 'placed', s1: 'submitted' });
    expect(chart.unspent).toBe(4776.35);
  });
});

describe('valueAxisWidth', () => {
  const dollars = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const chart = (values: number[][]) => ({
    x: 'x',
    series: ['s0', 's1'],
    names: {},
    points: values.map(([a, b], i) => ({ x: `w${i}`, s0: a ?? 0, s1: b ?? 0 })),
  });

  test("a district's year of spend gets room for its longest label, stacked bars counted whole", () => {
    const spend = chart([
      [700_000, 600_000],
      [20_000, 10_000],
    ]);
    const stacked = valueAxisWidth(spend, true, (v) => dollars.format(v));
    // "$1,625,000" is ten characters: the 56 px the axis had cut its "$".
    expect(stacked).toBeGreaterThanOrEqual(10 * 7);
    expect(valueAxisWidth(spend, false, (v) => dollars.format(v))).toBeLessThan(stacked);
  });

  test('small figures keep a narrow axis, and a negative one room for its sign; no axis is wider than 96 px', () => {
    expect(valueAxisWidth(chart([[3, 4]]), true, String)).toBe(40);
    const variance = chart([[-120_000, 0]]);
    expect(valueAxisWidth(variance, false, (v) => dollars.format(v))).toBeGreaterThan(
      valueAxisWidth(chart([[120_000, 0]]), false, (v) => dollars.format(v)),
    );
    expect(valueAxisWidth(chart([[1e15, 0]]), false, (v) => dollars.format(v))).toBe(96);
  });
});
