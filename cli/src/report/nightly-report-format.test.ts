import { describe, expect, test } from 'bun:test';
import { parseCsv } from '@engine/csv-parse.ts';
import {
  buildNightlyReportRow,
  type NightlyReportInput,
  totalNightlyReport,
} from '@engine/nightly-report.ts';
import {
  NIGHTLY_REPORT_CSV_HEADER,
  nightlyReportCsv,
  nightlyReportMarkdown,
} from './nightly-report-format.ts';

const input = (overrides: Partial<NightlyReportInput>): NightlyReportInput => ({
  locationCode: 'DT-01',
  locationName: 'Harbor Street Café',
  businessDate: '2026-03-09',
  timeZone: 'America/New_York',
  squareConnected: false,
  nightlyCount: { completedAt: '2026-03-10T02:41:00.000Z', completedBy: 'Sam Lee' },
  itemsExpected: 3,
  items: [
    { product: 'Whole Milk', count: 2, par: 12, squareQuantity: null },
    { product: 'Croissant', count: 6, par: 4, squareQuantity: null },
    { product: 'Almond Milk', count: 0.5, par: 3, squareQuantity: null },
  ],
  ...overrides,
});

const rows = [
  buildNightlyReportRow(input({})),
  buildNightlyReportRow(
    input({ locationCode: 'DT-03', locationName: 'Courthouse | Kiosk', nightlyCount: null, items: [] }),
  ),
  buildNightlyReportRow(
    input({
      locationCode: 'NS-01',
      locationName: 'Maple Park',
      timeZone: 'America/Chicago',
      squareConnected: true,
      // Finished after midnight: the time shows its date.
      nightlyCount: { completedAt: '2026-03-10T06:15:00.000Z', completedBy: 'Ana Ruiz' },
      items: [
        { product: 'Whole Milk', count: 3, par: 8, squareQuantity: 4.5 },
        { product: 'Croissant', count: 5, par: 4, squareQuantity: null },
      ],
    }),
  ),
  buildNightlyReportRow(
    input({
      locationCode: 'NS-02',
      locationName: 'Lakeview',
      nightlyCount: { completedAt: null, completedBy: null },
    }),
  ),
];

describe('nightlyReportMarkdown', () => {
  test('one table row per café with what was and was not done, then the items below PAR', () => {
    expect(nightlyReportMarkdown(rows, totalNightlyReport(rows))).toBe(
      [
        '# Nightly counts — 2026-03-09',
        '',
        '2 of 4 cafés completed their nightly count · 1 started but not completed · 1 missing',
        '',
        '| Café | Business date | Nightly count | Items counted | Below PAR | Variance vs Square |',
        '| --- | --- | --- | ---: | ---: | --- |',
        '| DT-01 Harbor Street Café | 2026-03-09 | completed 22:41 by Sam Lee | 3 of 3 | 2 | n/a — Square not connected |',
        '| DT-03 Courthouse \\| Kiosk | 2026-03-09 | missing | 0 of 3 | — | n/a — no nightly count |',
        '| NS-01 Maple Park | 2026-03-09 | completed 2026-03-10 01:15 by Ana Ruiz | 2 of 3 | 1 | 1.5 (1 of 2 items) |',
        '| NS-02 Lakeview | 2026-03-09 | started, not completed | 3 of 3 | 2 | n/a — Square not connected |',
        '',
        '## Below PAR',
        '',
        '- **DT-01 Harbor Street Café**: Almond Milk 0.5 of 3, Whole Milk 2 of 12',
        '- **NS-01 Maple Park**: Whole Milk 3 of 8',
        '- **NS-02 Lakeview**: Almond Milk 0.5 of 3, Whole Milk 2 of 12',
        '',
      ].join('\n'),
    );
  });

  test("names the range when cafés' yesterdays differ, and says so when there are no cafés", () => {
    const mixed = [rows[0], buildNightlyReportRow(input({ businessDate: '2026-03-08' }))].flatMap((r) =>
      r ? [r] : [],
    );
    expect(nightlyReportMarkdown(mixed, totalNightlyReport(mixed)).split('\n')[0]).toBe(
      "# Nightly counts — yesterday in each café's time zone (2026-03-08 to 2026-03-09)",
    );
    expect(nightlyReportMarkdown([], totalNightlyReport([]))).toBe(
      '# Nightly counts\n\nNo active locations.\n',
    );
    // Cafés that opened today have no full day yet: the report says when its first comes.
    expect(nightlyReportMarkdown([], totalNightlyReport([]), '2026-12-07')).toBe(
      '# Nightly counts\n\nNo café has a full day behind it yet: the first opened on 2026-12-07, so the first nightly report is for that day, once it is over.\n',
    );
  });
});

test('nightlyReportCsv starts with the byte-order mark Excel reads UTF-8 by; Markdown has none', () => {
  expect(nightlyReportCsv(rows).startsWith('\uFEFFlocation_code,')).toBe(true);
  expect(nightlyReportMarkdown(rows, totalNightlyReport(rows)).startsWith('# Nightly counts')).toBe(true);
});

test('nightlyReportCsv leaves cells empty where there is no figure and says why', () => {
  const parsed = parseCsv(nightlyReportCsv(rows));
  expect(parsed.header).toEqual([...NIGHTLY_REPORT_CSV_HEADER]);
  expect(parsed.rows.map((r) => r.cells)).toEqual([
    [
      'DT-01',
      'Harbor Street Café',
      '2026-03-09',
      'completed',
      '2026-03-10T02:41:00.000Z',
      'Sam Lee',
      '3',
      '3',
      '2',
      'Almond Milk 0.5 of 3; Whole Milk 2 of 12',
      '',
      '0',
      'n/a — Square not connected',
    ],
    [
      'DT-03',
      'Courthouse | Kiosk',
      '2026-03-09',
      'missing',
      '',
      '',
      '0',
      '3',
      '',
      '',
      '',
      '0',
      'n/a — no nightly count',
    ],
    [
      'NS-01',
      'Maple Park',
      '2026-03-09',
      'completed',
      '2026-03-10T06:15:00.000Z',
      'Ana Ruiz',
      '2',
      '3',
      '1',
      'Whole Milk 3 of 8',
      '1.5',
      '1',
      '',
    ],
    [
      'NS-02',
      'Lakeview',
      '2026-03-09',
      'started',
      '',
      '',
      '3',
      '3',
      '2',
      'Almond Milk 0.5 of 3; Whole Milk 2 of 12',
      '',
      '0',
      'n/a — Square not connected',
    ],
  ]);
});
