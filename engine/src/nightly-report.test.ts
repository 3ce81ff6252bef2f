import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { businessDateIn } from './business-date.ts';
import {
  buildNightlyReportRow,
  businessDateSchema,
  localDateTimeIn,
  type NightlyReportInput,
  previousBusinessDate,
  totalNightlyReport,
  VARIANCE_NOTES,
} from './nightly-report.ts';

const input = (overrides: Partial<NightlyReportInput>): NightlyReportInput => ({
  locationCode: 'DT-01',
  locationName: 'Harbor Street Café',
  businessDate: '2026-03-09',
  timeZone: 'America/New_York',
  squareConnected: false,
  nightlyCount: { completedAt: '2026-03-10T02:41:00.000Z', completedBy: 'Sam Lee' },
  itemsExpected: 4,
  items: [],
  ...overrides,
});

describe('businessDateSchema', () => {
  test('takes a real calendar day in YYYY-MM-DD form', () => {
    expect(businessDateSchema.parse(' 2024-02-29 ')).toBe('2024-02-29');
  });

  test('refuses other shapes and days that do not exist', () => {
    const message = (text: string) => businessDateSchema.safeParse(text).error?.issues[0]?.message;
    expect(message('2026-3-9')).toBe("'2026-3-9' is not a date in YYYY-MM-DD form");
    expect(message('yesterday')).toBe("'yesterday' is not a date in YYYY-MM-DD form");
    expect(message('2026-02-29')).toBe("'2026-02-29' is not a day of the calendar");
    expect(message('2026-13-01')).toBe("'2026-13-01' is not a day of the calendar");
  });
});

describe('previousBusinessDate', () => {
  test("is yesterday on the café's clock, not the server's", () => {
    // 03:30 UTC on the 10th is still the evening of the 9th in Chicago.
    const now = new Date('2026-03-10T03:30:00Z');
    expect(previousBusinessDate(now, 'UTC')).toBe('2026-03-09');
    expect(previousBusinessDate(now, 'America/Chicago')).toBe('2026-03-08');
    expect(previousBusinessDate(now, 'Asia/Tokyo')).toBe('2026-03-09');
  });

  test('crosses month and year ends', () => {
    expect(previousBusinessDate(new Date('2026-01-01T12:00:00Z'), 'Europe/Berlin')).toBe('2025-12-31');
    expect(previousBusinessDate(new Date('2024-03-01T12:00:00Z'), 'UTC')).toBe('2024-02-29');
  });

  test('is always the day before the local date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (now) => {
          const today = Date.parse(`${businessDateIn(now, 'America/New_York')}T00:00:00Z`);
          const yesterday = Date.parse(`${previousBusinessDate(now, 'America/New_York')}T00:00:00Z`);
          expect(today - yesterday).toBe(86_400_000);
        },
      ),
    );
  });
});

test('localDateTimeIn shows an instant on a café clock, across a daylight-saving change', () => {
  expect(localDateTimeIn(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe('2026-03-08 01:59');
  expect(localDateTimeIn(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08 03:00');
  expect(localDateTimeIn(new Date('2026-03-08T00:00:00Z'), 'UTC')).toBe('2026-03-08 00:00');
});

describe('buildNightlyReportRow', () => {
  test('a missing count is reported as missing, with nothing made up', () => {
    expect(buildNightlyReportRow(input({ nightlyCount: null }))).toEqual({
      locationCode: 'DT-01',
      locationName: 'Harbor Street Café',
      businessDate: '2026-03-09',
      status: 'missing',
      completedAt: null,
      completedAtLocal: null,
      completedBy: null,
      itemsCounted: 0,
      itemsExpected: 4,
      belowPar: null,
      squareVariance: null,
      squareItemsCompared: 0,
      varianceNote: 'n/a — no nightly count',
    });
  });

  test('counts items with a figure and lists those below a positive PAR by name', () => {
    const row = buildNightlyReportRow(
      input({
        items: [
          { product: 'Whole Milk', count: 2, par: 12, squareQuantity: null },
          { product: 'croissant', count: 5, par: 5, squareQuantity: null },
          { product: 'Almond Milk', count: 0.5, par: 3, squareQuantity: null },
          { product: 'Scone', count: 0, par: 0, squareQuantity: null },
          { product: 'Muffin', count: null, par: 8, squareQuantity: null },
        ],
      }),
    );
    expect(row).toMatchObject({
      status: 'completed',
      completedAt: '2026-03-10T02:41:00.000Z',
      // 02:41 UTC is still the evening of the business day in New York.
      completedAtLocal: '2026-03-09 22:41',
      completedBy: 'Sam Lee',
      itemsCounted: 4,
    });
    expect(row.belowPar).toEqual([
      { product: 'Almond Milk', count: 0.5, par: 3 },
      { product: 'Whole Milk', count: 2, par: 12 },
    ]);
  });

  test('a count never finished is "started" and has no finisher', () => {
    const row = buildNightlyReportRow(input({ nightlyCount: { completedAt: null, completedBy: 'Sam Lee' } }));
    expect(row).toMatchObject({ status: 'started', completedAt: null, completedBy: null, belowPar: [] });
  });

  test('variance is the sum of |count − Square| over items with both figures, to the hundredth', () => {
    const row = buildNightlyReportRow(
      input({
        squareConnected: true,
        items: [
          { product: 'A', count: 3, par: 0, squareQuantity: 5 },
          { product: 'B', count: 4.1, par: 0, squareQuantity: 4 },
          { product: 'C', count: 1.2, par: 0, squareQuantity: 1 },
          { product: 'D', count: 2, par: 0, squareQuantity: null },
          { product: 'E', count: null, par: 0, squareQuantity: 9 },
        ],
      }),
    );
    expect(row).toMatchObject({ squareVariance: 2.3, squareItemsCompared: 3, varianceNote: null });
  });

  test('variance is a sum of absolute differences: never negative, zero only when every pair agrees', () => {
    const quantity = fc.integer({ min: 0, max: 4000 }).map((n) => n / 4);
    fc.assert(
      fc.property(fc.array(fc.tuple(quantity, quantity), { minLength: 1, maxLength: 30 }), (pairs) => {
        const row = buildNightlyReportRow(
          input({
            items: pairs.map(([count, square], i) => ({
              product: `P${i}`,
              count,
              par: 0,
              squareQuantity: square,
            })),
          }),
        );
        const expected = pairs.reduce((sum, [count, square]) => sum + Math.abs(count - square), 0);
        expect(row.squareVariance).toBe(expected);
        expect(row.squareVariance === 0).toBe(pairs.every(([count, square]) => count === square));
      }),
    );
  });

  test('without Square figures the variance says why instead of showing a number', () => {
    const items = [{ product: 'A', count: 3, par: 0, squareQuantity: null }];
    expect(buildNightlyReportRow(input({ items, squareConnected: false }))).toMatchObject({
      squareVariance: null,
      varianceNote: VARIANCE_NOTES.notConnected,
    });
    expect(buildNightlyReportRow(input({ items, squareConnected: true }))).toMatchObject({
      squareVariance: null,
      varianceNote: 'n/a — no Square figures',
    });
  });
});

test('totalNightlyReport counts cafés by status', () => {
  const rows = [
    buildNightlyReportRow(input({})),
    buildNightlyReportRow(input({ nightlyCount: null })),
    buildNightlyReportRow(input({ nightlyCount: { completedAt: null, completedBy: null } })),
    buildNightlyReportRow(input({})),
  ];
  expect(totalNightlyReport(rows)).toEqual({ locations: 4, completed: 2, started: 1, missing: 1 });
});

describe('Square unavailable', () => {
  test('a mapped café whose Square failed that day says so instead of showing a variance', () => {
    const row = buildNightlyReportRow(
      input({
        squareConnected: true,
        squareUnavailable: true,
        items: [{ product: 'Whole Milk', count: 2, par: 12, squareQuantity: null }],
      }),
    );
    expect(row.squareVariance).toBeNull();
    expect(row.varianceNote).toBe(VARIANCE_NOTES.unavailable);
    expect(buildNightlyReportRow(input({ squareConnected: true })).varianceNote).toBe(
      VARIANCE_NOTES.noFigures,
    );
  });
});
