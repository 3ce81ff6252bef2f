import { describe, expect, test } from 'bun:test';
import type { CountExportRow } from '@db/repositories/count-export.ts';
import { parseCsv } from '@engine/csv-parse.ts';
import {
  COUNT_EXPORT_CSV_HEADER,
  CountExportEncoder,
  type CountExportFormat,
} from './count-export-format.ts';

const row = (overrides: Partial<CountExportRow>): CountExportRow => ({
  kind: 'count',
  locationCode: 'DT-01',
  locationName: 'Harbor Street Café',
  businessDate: '2026-03-09',
  sessionId: 7,
  product: 'Whole Milk',
  sku: 'DAI-001',
  category: 'Dairy',
  count: 4.5,
  confirmed: true,
  countedAt: '2026-03-10T01:10:00.000Z',
  countedBy: 'Sam Lee',
  squareQuantity: null,
  squareVariance: null,
  ...overrides,
});

const encode = (format: CountExportFormat, pages: CountExportRow[][]) => {
  const encoder = new CountExportEncoder(format);
  return encoder.start() + pages.map((page) => encoder.page(page)).join('') + encoder.end();
};

const pages = [
  [row({}), row({ product: 'Half & Half, "organic"', sku: null, confirmed: false, countedBy: null })],
  [row({ kind: 'nightly', sessionId: 3, count: 0, squareQuantity: 2, squareVariance: -2 })],
];

describe('CountExportEncoder', () => {
  test('CSV starts with the byte-order mark Excel reads UTF-8 by, once; JSON has none', () => {
    const csv = encode('csv', pages);
    expect(csv.startsWith('\uFEFFkind,location_code,')).toBe(true);
    expect(csv.indexOf('\uFEFF', 1)).toBe(-1);
    expect(encode('json', pages).startsWith('[')).toBe(true);
  });

  test('CSV: a header, then one row per counted item, quoted where needed', () => {
    const parsed = parseCsv(encode('csv', pages));
    expect(parsed.header).toEqual(COUNT_EXPORT_CSV_HEADER);
    expect(parsed.rows.map((r) => r.cells)).toEqual([
      [
        'count',
        'DT-01',
        'Harbor Street Café',
        '2026-03-09',
        '7',
        'Whole Milk',
        'DAI-001',
        'Dairy',
        '4.5',
        'true',
        '2026-03-10T01:10:00.000Z',
        'Sam Lee',
        '',
        '',
      ],
      [
        'count',
        'DT-01',
        'Harbor Street Café',
        '2026-03-09',
        '7',
        'Half & Half, "organic"',
        '',
        'Dairy',
        '4.5',
        'false',
        '2026-03-10T01:10:00.000Z',
        '',
        '',
        '',
      ],
      [
        'nightly',
        'DT-01',
        'Harbor Street Café',
        '2026-03-09',
        '3',
        'Whole Milk',
        'DAI-001',
        'Dairy',
        '0',
        'true',
        '2026-03-10T01:10:00.000Z',
        'Sam Lee',
        '2',
        '-2',
      ],
    ]);
  });

  test('JSON: one array across all pages, empty when there is nothing', () => {
    expect(JSON.parse(encode('json', pages))).toEqual(pages.flat());
    expect(encode('json', [])).toBe('[]\n');
    expect(JSON.parse(encode('json', [[], [row({})], []]))).toEqual([row({})]);
  });

  test('counts the rows it encoded', () => {
    const encoder = new CountExportEncoder('csv');
    encoder.page(pages[0] ?? []);
    encoder.page(pages[1] ?? []);
    expect(encoder.rowCount).toBe(3);
  });
});
