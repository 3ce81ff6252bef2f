import { describe, expect, test } from 'bun:test';
import { parseCsv } from '@engine/csv-parse.ts';
import type { InventoryManagementRow } from '@engine/inventory-management-schemas.ts';
import { findParImportColumns, ParImportChecker } from '@engine/par-import-rows.ts';
import { CSV_HEADER, countNameText, inventoryCsv, sortValue } from './inventory-columns.ts';
import { filterRows, NO_FILTERS, toViewRows } from './inventory-view.ts';

const NOW = new Date('2026-11-25T12:00:00Z');

function item(
  overrides: Partial<InventoryManagementRow> & { productId: number; productName: string },
): InventoryManagementRow {
  return {
    sku: null,
    category: 'Coffee',
    subcategory: null,
    unit: 'bag',
    unitCost: 10,
    par: 4,
    parLocked: false,
    parLockedBy: null,
    parLockedAt: null,
    lifecycle: 'active',
    backordered: false,
    stockStatusOverride: null,
    lastCount: null,
    ...overrides,
  };
}

const count = (value: number, countedAt: string) => ({
  value,
  confirmed: true,
  countedAt,
  countedBy: 'Sam Staff',
  countSessionId: 1,
  countStartedAt: '2026-11-20T07:00:00Z',
  countCompletedAt: '2026-11-20T09:00:00Z',
});

const rows = toViewRows(
  [
    item({
      productId: 1,
      productName: 'House Espresso',
      sku: 'ESP-1',
      lastCount: count(1, '2026-11-24T12:00:00Z'),
    }),
    item({
      productId: 2,
      productName: 'Oat Milk',
      category: 'Dairy',
      parLocked: true,
      parLockedBy: 'Marcus Bell',
      parLockedAt: '2026-11-20T10:00:00Z',
      lastCount: count(0, '2026-11-10T12:00:00Z'),
      stockStatusOverride: { value: 'in_stock', setBy: 'Dana Whitfield', setAt: '2026-11-21T10:00:00Z' },
    }),
    item({ productId: 3, productName: '=Cups, 12oz', category: 'Supplies', lifecycle: 'discontinued' }),
  ],
  NOW,
  // The café's zone: 07:00 UTC on the 20th is still the 20th in New York.
  'America/New_York',
);

describe('toViewRows', () => {
  test('status from the count unless set by hand; on-hand value; days since the count', () => {
    expect(
      rows.map((row) => [row.stockStatus, row.stockSource, row.onHandValue, row.daysSinceCount]),
    ).toEqual([
      ['low', 'count', 10, 1],
      ['in_stock', 'set', 0, 15],
      [null, 'none', null, null],
    ]);
  });
});

describe('filterRows', () => {
  const ids = (filters: Partial<typeof NO_FILTERS>) =>
    filterRows(rows, { ...NO_FILTERS, ...filters }).map((row) => row.productId);

  test('search matches any part of the name or the SKU, in any case', () => {
    expect(ids({ search: 'milk' })).toEqual([2]);
    expect(ids({ search: 'esp-' })).toEqual([1]);
    expect(ids({ search: '  ' })).toEqual([1, 2, 3]);
  });
  test('category, lifecycle, stock status (with never counted), lock', () => {
    expect(ids({ category: 'Dairy' })).toEqual([2]);
    expect(ids({ lifecycle: 'discontinued' })).toEqual([3]);
    expect(ids({ stockStatus: 'low' })).toEqual([1]);
    expect(ids({ stockStatus: 'none' })).toEqual([3]);
    expect(ids({ locked: 'locked' })).toEqual([2]);
    expect(ids({ locked: 'unlocked' })).toEqual([1, 3]);
  });
  test('not counted for N days keeps those counted N or more days ago and those never counted', () => {
    expect(ids({ notCountedDays: 2 })).toEqual([2, 3]);
    expect(ids({ notCountedDays: 1 })).toEqual([1, 2, 3]);
    expect(ids({ notCountedDays: 16 })).toEqual([3]);
  });
});

describe('not counted for N days at a café in another zone', () => {
  test("counts calendar days in the café's zone: one evening's count is all 1 day old the next morning", () => {
    // 04:00 on the 25th in Los Angeles; the count was on the 24th, in the morning and in the evening there.
    const losAngeles = toViewRows(
      [
        item({ productId: 1, productName: 'Morning', lastCount: count(1, '2026-11-24T14:00:00Z') }),
        item({ productId: 2, productName: 'Evening', lastCount: count(1, '2026-11-25T03:50:00Z') }),
      ],
      NOW,
      'America/Los_Angeles',
    );
    expect(losAngeles.map((row) => row.daysSinceCount)).toEqual([1, 1]);
    expect(filterRows(losAngeles, { ...NO_FILTERS, notCountedDays: 1 }).map((row) => row.productId)).toEqual([
      1, 2,
    ]);
  });
});

describe('sortValue', () => {
  test('status sorts by urgency; unknowns are undefined so they sort last', () => {
    expect(rows.map((row) => sortValue(row, 'stockStatus'))).toEqual([1, 2, undefined]);
    expect(rows.map((row) => sortValue(row, 'lock'))).toEqual([undefined, '2026-11-20T10:00:00Z', undefined]);
    expect(rows.map((row) => sortValue(row, 'onHandValue'))).toEqual([10, 0, undefined]);
  });
  test('names sort by their rank in the collation people read: numbers as numbers, case ignored', () => {
    const named = toViewRows(
      [
        item({ productId: 1, productName: 'Item 10', category: 'b', subcategory: 'x' }),
        item({ productId: 2, productName: 'item 9', category: 'B', subcategory: 'a' }),
        item({ productId: 3, productName: 'Apple', category: 'a' }),
      ],
      NOW,
    );
    const order = (column: 'product' | 'category') =>
      [...named]
        .sort((a, b) => Number(sortValue(a, column)) - Number(sortValue(b, column)))
        .map((row) => row.productId);
    expect(order('product')).toEqual([3, 2, 1]);
    expect(order('category')).toEqual([3, 2, 1]);
  });
});

describe('inventoryCsv', () => {
  test('one line per given row in the given order, quoted and formula-safe', () => {
    const csv = inventoryCsv([rows[2], rows[0]].filter((row) => row !== undefined));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${CSV_HEADER.join(',')}`);
    expect(lines[1]).toBe(`,"'=Cups, 12oz",Supplies,,bag,4,no,,,,,,,Not counted,,no,Discontinued,10,`);
    expect(lines[2]).toBe(
      'ESP-1,House Espresso,Coffee,,bag,4,no,,,1,Sam Staff,2026-11-24T12:00:00Z,Count started 2026-11-20 (completed),Low,From count,no,Active,10,10',
    );
    expect(lines).toHaveLength(4);
  });

  test('an exported file imports back with parstock pars import: each row names its product and PAR', () => {
    const exported = [rows[2], rows[0]].filter((row) => row !== undefined);
    const csv = parseCsv(inventoryCsv(exported));
    const columns = findParImportColumns(csv.header, { locationFromCommandLine: true });
    const products = exported.map((row) => ({
      id: row.productId,
      name: row.productName,
      sku: row.sku,
      retired: false,
    }));
    const checker = new ParImportChecker(
      { locations: [{ id: 1, code: 'DT-01', active: true }], products },
      columns,
      { defaultLocationCode: 'DT-01' },
    );
    expect(csv.rows.map((row) => checker.check(row.line, row.cells))).toEqual(
      exported.map((row, index) => ({
        ok: true,
        row: { line: index + 2, locationId: 1, productId: row.productId, par: row.par },
      })),
    );
  });

  test("the count's start is named by the café's day", () => {
    const [espresso] = toViewRows(
      [item({ productId: 1, productName: 'House Espresso', lastCount: count(1, '2026-11-24T12:00:00Z') })],
      NOW,
      'America/Los_Angeles',
    );
    // 07:00 UTC on the 20th is 23:00 on the 19th in Los Angeles.
    expect(espresso && countNameText(espresso)).toBe('Count started 2026-11-19 (completed)');
  });
});
