import { describe, expect, test } from 'bun:test';
import { reportCsv } from './report-csv.ts';
import { REPORTS } from './report-definitions.ts';

describe('reportCsv', () => {
  test('writes the columns in the declared order, CRLF, empty for unknown, yes/no for flags', () => {
    const csv = reportCsv('usage', [
      {
        locationCode: 'DT-01',
        locationName: 'Harbor Street Café',
        product: 'Oat Milk, Barista',
        category: 'Dairy & Alternatives',
        previousCountDate: null,
        countDate: '2026-03-09',
        days: null,
        previousCount: null,
        received: 0,
        count: 4.5,
        usage: null,
        usagePerDay: null,
        jumped: false,
      },
    ]);
    expect(csv).toBe(
      `\uFEFF${REPORTS.usage.columns.map((column) => column.header).join(',')}\r\n` +
        '"Oat Milk, Barista",DT-01,2026-03-09,,no,,,0,4.5,,,Dairy & Alternatives,Harbor Street Café\r\n',
    );
  });
  test('defuses text a spreadsheet would run as a formula', () => {
    const csv = reportCsv('order-spend', [
      {
        weekStart: '2026-03-09',
        locationCode: 'DT-01',
        locationName: '=HYPERLINK("x")',
        category: 'Bakery',
        status: 'approved',
        orders: 1,
        spend: 10.5,
        approvedOrders: 1,
        averageApprovalHours: 2.5,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`2026-03-09,DT-01,"'=HYPERLINK(""x"")",Bakery,approved,1,10.5,1,2.5`);
  });
});
