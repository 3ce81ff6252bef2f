import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { csvCell } from './order-csv.ts';
import {
  addToTally,
  emptyTally,
  findParImportColumns,
  MAX_PAR,
  type ParImportCatalog,
  ParImportChecker,
  type ParImportColumns,
  parCellSchema,
  parValueSchema,
  planParRow,
  type ResolvedParRow,
  sortProblems,
} from './par-import-rows.ts';
import { REPORTS } from './reports/report-definitions.ts';

const catalog: ParImportCatalog = {
  locations: [
    { id: 1, code: 'DT-01', active: true },
    { id: 2, code: 'NS-02', active: true },
    { id: 3, code: 'OLD-1', active: false },
  ],
  products: [
    { id: 10, name: 'Whole Milk', sku: 'DAI-001', retired: false },
    { id: 11, name: 'Oat Milk', sku: 'DAI-002', retired: false },
    { id: 12, name: 'Holiday Blend', sku: 'COF-099', retired: true },
    // Two products whose names differ only in letter case: folding them would be a guess.
    { id: 13, name: 'Chai Concentrate', sku: null, retired: false },
    { id: 14, name: 'CHAI CONCENTRATE', sku: null, retired: false },
  ],
};

const COLUMNS: ParImportColumns = { location: 0, product: 1, par: 2, width: 3 };
const checker = (defaultLocationCode?: string, columns = COLUMNS) =>
  new ParImportChecker(catalog, columns, { defaultLocationCode });

const parCell = (text: string) => {
  const parsed = parCellSchema.safeParse(text);
  return parsed.success
    ? { value: parsed.data }
    : {
        problems: parsed.error.issues.map((i) => [
          (i as { params?: { problem?: string } }).params?.problem,
          i.message,
        ]),
      };
};

describe('parCellSchema', () => {
  test('reads plain decimals in quarters, ignoring surrounding spaces', () => {
    expect(parCell('12')).toEqual({ value: 12 });
    expect(parCell(' 2.75 ')).toEqual({ value: 2.75 });
    expect(parCell('.5')).toEqual({ value: 0.5 });
    expect(parCell('0')).toEqual({ value: 0 });
    expect(parCell('-0')).toEqual({ value: 0 });
    expect(parCell(String(MAX_PAR))).toEqual({ value: MAX_PAR });
  });

  test('gives each kind of bad value its own reason', () => {
    expect(parCell('')).toEqual({ problems: [['empty_value', 'PAR is empty']] });
    expect(parCell('   ')).toEqual({ problems: [['empty_value', 'PAR is empty']] });
    expect(parCell('-2')).toEqual({ problems: [['negative', 'PAR -2 is negative']] });
    expect(parCell('twelve')).toEqual({ problems: [['not_a_number', "PAR 'twelve' is not a number"]] });
    expect(parCell('1,5')).toEqual({
      problems: [['not_a_number', "PAR '1,5' is not a number; write decimals with a point (1.5)"]],
    });
    expect(parCell('1e3')).toEqual({ problems: [['not_a_number', "PAR '1e3' is not a number"]] });
    expect(parCell('2.3')).toEqual({ problems: [['not_a_quarter', 'PAR 2.3 is not a multiple of 0.25']] });
    expect(parCell('10000.25')).toEqual({ problems: [['too_large', 'PAR 10000.25 is more than 10000']] });
  });

  test('accepts every quarter from 0 to the maximum and nothing between quarters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PAR * 4 }), (quarters) => {
        expect(parCell(String(quarters / 4))).toEqual({ value: quarters / 4 });
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PAR - 1 }),
        fc.integer({ min: 1, max: 99 }).filter((h) => h % 25 !== 0),
        (whole, hundredths) => {
          const text = `${whole}.${String(hundredths).padStart(2, '0')}`;
          expect(parCell(text)).toEqual({
            problems: [['not_a_quarter', `PAR ${text} is not a multiple of 0.25`]],
          });
        },
      ),
    );
  });

  test('parValueSchema holds stored PARs to the same rule', () => {
    expect(parValueSchema.safeParse(3.25).success).toBe(true);
    expect(parValueSchema.safeParse(-0.25).success).toBe(false);
    expect(parValueSchema.safeParse(0.1).success).toBe(false);
    expect(parValueSchema.safeParse(MAX_PAR + 1).success).toBe(false);
  });
});

describe('findParImportColumns', () => {
  test('finds columns by name in any case and order, ignoring other columns', () => {
    expect(
      findParImportColumns(['Notes', ' PAR ', 'Product', 'Location Code'], {
        locationFromCommandLine: false,
      }),
    ).toEqual({ location: 3, product: 2, par: 1, width: 4 });
    expect(findParImportColumns(['sku', 'par'], { locationFromCommandLine: true })).toEqual({
      location: null,
      product: 0,
      par: 1,
      width: 2,
    });
  });

  test('says which columns are missing and what the header has', () => {
    expect(() => findParImportColumns(['product', 'qty'], { locationFromCommandLine: false })).toThrow(
      'The CSV header needs the column(s) location_code (or pass --location), par; it has product, qty',
    );
  });

  test('an empty file, or a blank first line, is told so rather than what its header lacks', () => {
    for (const header of [[], [''], ['  ', '']]) {
      expect(() => findParImportColumns(header, { locationFromCommandLine: false })).toThrow(
        'The file is empty, or its first line is blank: it starts with the columns, e.g. location_code,product,par',
      );
    }
  });

  test('refuses a field named twice', () => {
    expect(() =>
      findParImportColumns(['location', 'product', 'Product', 'par'], { locationFromCommandLine: false }),
    ).toThrow('The header names the product more than once (product, Product)');
    expect(() =>
      findParImportColumns(['location', 'sku', 'SKU', 'par'], { locationFromCommandLine: false }),
    ).toThrow('The header names the product more than once (sku, SKU)');
  });

  test("a column's own name wins over an alias: the Navigator's par-health file, as it is written", () => {
    const header = REPORTS['par-health'].columns.map((column) => column.header);
    const columns = findParImportColumns(header, { locationFromCommandLine: false });
    expect(header[columns.location ?? -1]).toBe('Location code');
    expect(header[columns.product ?? -1]).toBe('Product');
    expect(header[columns.par]).toBe('PAR');
  });

  test('beside a product column, the SKU column names the product only where the product cell is empty', () => {
    const columns = findParImportColumns(['SKU', 'Product', 'PAR'], { locationFromCommandLine: true });
    expect(columns).toEqual({ location: null, product: 1, sku: 0, par: 2, width: 3 });
    const check = checker('DT-01', columns);
    expect(check.check(2, ['DAI-002', 'Whole Milk', '4'])).toMatchObject({
      ok: true,
      row: { productId: 10 },
    });
    expect(check.check(3, ['DAI-002', '', '4'])).toMatchObject({ ok: true, row: { productId: 11 } });
  });
});

describe('an exported cell read back', () => {
  test("a name the export defused with an apostrophe ('-Minus Lid) is read as the name", () => {
    const defused = new ParImportChecker(
      { ...catalog, products: [{ id: 20, name: '-Minus Lid', sku: '=1+2', retired: false }] },
      COLUMNS,
    );
    expect(defused.check(2, ['DT-01', csvCell('-Minus Lid'), '3'])).toMatchObject({
      ok: true,
      row: { productId: 20 },
    });
    expect(defused.check(3, ['NS-02', csvCell('=1+2'), '3'])).toMatchObject({
      ok: true,
      row: { productId: 20 },
    });
  });
});

describe('ParImportChecker', () => {
  test('resolves locations case-insensitively and products by name or SKU', () => {
    const check = checker();
    expect(check.check(2, ['dt-01', 'Whole Milk', '12'])).toEqual({
      ok: true,
      row: { line: 2, locationId: 1, productId: 10, par: 12 },
    });
    expect(check.check(3, ['DT-01', 'DAI-002', '4.5'])).toEqual({
      ok: true,
      row: { line: 3, locationId: 1, productId: 11, par: 4.5 },
    });
    expect(check.check(4, ['NS-02', 'oat milk', '1'])).toMatchObject({ ok: true, row: { productId: 11 } });
  });

  test('reports every problem of a row with its line', () => {
    expect(checker().check(7, ['XX-9', 'Mystery Syrup', 'lots'])).toEqual({
      ok: false,
      problems: [
        { line: 7, code: 'not_a_number', message: "PAR 'lots' is not a number" },
        { line: 7, code: 'unknown_location', message: "unknown location 'XX-9'" },
        { line: 7, code: 'unknown_product', message: "unknown product 'Mystery Syrup'" },
      ],
    });
    expect(checker().check(8, ['', '', ''])).toEqual({
      ok: false,
      problems: [
        { line: 8, code: 'empty_value', message: 'Location code is empty' },
        { line: 8, code: 'empty_value', message: 'Product is empty' },
        { line: 8, code: 'empty_value', message: 'PAR is empty' },
      ],
    });
  });

  test('treats a short row as empty cells', () => {
    expect(checker().check(9, ['DT-01'])).toMatchObject({
      ok: false,
      problems: [
        { code: 'empty_value', message: 'Product is empty' },
        { code: 'empty_value', message: 'PAR is empty' },
      ],
    });
  });

  test('refuses a row with more cells than the header, saying how to write a decimal split by a comma', () => {
    expect(checker().check(2, ['DT-01', 'Whole Milk', '2', '5'])).toEqual({
      ok: false,
      problems: [
        {
          line: 2,
          code: 'too_many_cells',
          message:
            'has 4 cells but the header has 3 columns (a comma inside a cell needs quotes); if the PAR is 2,5, write decimals with a point (2.5)',
        },
      ],
    });
    // A comma inside an unquoted name shifts the cells: one plain reason, not the misread values' problems.
    expect(checker().check(3, ['DT-01', 'Cups', ' 12 oz', '4'])).toEqual({
      ok: false,
      problems: [
        {
          line: 3,
          code: 'too_many_cells',
          message: 'has 4 cells but the header has 3 columns (a comma inside a cell needs quotes)',
        },
      ],
    });
    const semicolons = new ParImportChecker(catalog, COLUMNS, { delimiter: ';' });
    expect(semicolons.check(4, ['DT-01', 'Whole Milk', '2', '5'])).toMatchObject({
      ok: false,
      problems: [
        { message: 'has 4 cells but the header has 3 columns (a semicolon inside a cell needs quotes)' },
      ],
    });
  });

  test('a header with more columns than the import uses takes rows as wide as it; blank cells past it are nothing', () => {
    const withNote = checker(undefined, { ...COLUMNS, width: 4 });
    expect(withNote.check(2, ['DT-01', 'Whole Milk', '2', 'five next week'])).toMatchObject({
      ok: true,
      row: { par: 2 },
    });
    expect(withNote.check(3, ['DT-01', 'Oat Milk', '2', '5', 'x'])).toMatchObject({
      ok: false,
      problems: [
        {
          code: 'too_many_cells',
          message:
            'has 5 cells but the header has 4 columns (a comma inside a cell needs quotes); if the PAR is 2,5, write decimals with a point (2.5)',
        },
      ],
    });
    expect(checker().check(4, ['NS-02', 'Whole Milk', '3', '', ' '])).toMatchObject({
      ok: true,
      row: { par: 3 },
    });
  });

  test('refuses deactivated cafés, retired products and names that match two products', () => {
    const check = checker();
    expect(check.check(2, ['OLD-1', 'Whole Milk', '1'])).toMatchObject({
      problems: [{ code: 'inactive_location', message: 'location OLD-1 is deactivated' }],
    });
    expect(check.check(3, ['DT-01', 'COF-099', '1'])).toMatchObject({
      problems: [{ code: 'retired_product', message: "product 'Holiday Blend' is retired" }],
    });
    expect(check.check(4, ['DT-01', 'chai concentrate', '1'])).toMatchObject({
      problems: [{ code: 'ambiguous_product' }],
    });
    // The exact spelling is not ambiguous.
    expect(check.check(5, ['DT-01', 'CHAI CONCENTRATE', '1'])).toMatchObject({
      ok: true,
      row: { productId: 14 },
    });
  });

  test('a second row for the same café and product is a duplicate of the first, by name or SKU', () => {
    const check = checker();
    expect(check.check(2, ['DT-01', 'Whole Milk', '12']).ok).toBe(true);
    expect(check.check(3, ['NS-02', 'Whole Milk', '12']).ok).toBe(true);
    expect(check.check(5, ['dt-01', 'DAI-001', '10'])).toEqual({
      ok: false,
      problems: [{ line: 5, code: 'duplicate_row', message: "'DAI-001' at dt-01 is already on line 2" }],
    });
  });

  test('takes the café from the command line when the file has no location column or leaves it blank', () => {
    const noColumn = checker('NS-02', { location: null, product: 0, par: 1, width: 2 });
    expect(noColumn.check(2, ['Whole Milk', '3'])).toMatchObject({ ok: true, row: { locationId: 2 } });
    const withColumn = checker('NS-02');
    expect(withColumn.check(2, ['', 'Whole Milk', '3'])).toMatchObject({ ok: true, row: { locationId: 2 } });
    expect(withColumn.check(3, ['ns-02', 'Oat Milk', '3'])).toMatchObject({
      ok: true,
      row: { locationId: 2 },
    });
    expect(withColumn.check(4, ['DT-01', 'Oat Milk', '3'])).toEqual({
      ok: false,
      problems: [
        { line: 4, code: 'location_mismatch', message: 'location DT-01 differs from --location NS-02' },
      ],
    });
  });
});

describe('planParRow', () => {
  const row: ResolvedParRow = { line: 4, locationId: 1, productId: 10, par: 12 };
  const plan = (stored: Parameters<typeof planParRow>[1], overrideLocks = false) =>
    planParRow(row, stored, { overrideLocks, describe: () => "'Whole Milk' at DT-01" });

  test('creates a PAR the café does not have yet', () => {
    expect(plan(undefined)).toEqual({
      ok: true,
      planned: { ...row, kind: 'create', before: null, overridesLock: false },
    });
  });

  test('changes a different PAR and leaves an equal one', () => {
    expect(plan({ par: 10, locked: false })).toMatchObject({ planned: { kind: 'change', before: 10 } });
    expect(plan({ par: 12, locked: false })).toMatchObject({ planned: { kind: 'unchanged', before: 12 } });
  });

  test('refuses to change a locked PAR unless locks are overridden', () => {
    expect(plan({ par: 10, locked: true })).toEqual({
      ok: false,
      problem: { line: 4, code: 'locked_par', message: "the PAR of 'Whole Milk' at DT-01 is locked at 10" },
    });
    expect(plan({ par: 10, locked: true }, true)).toMatchObject({
      ok: true,
      planned: { kind: 'change', overridesLock: true },
    });
  });

  test('a locked PAR given its own value again is unchanged, not refused', () => {
    expect(plan({ par: 12, locked: true })).toMatchObject({ ok: true, planned: { kind: 'unchanged' } });
  });

  test('the tally counts each kind and the overridden locks', () => {
    const tally = emptyTally();
    for (const stored of [
      undefined,
      { par: 1, locked: false },
      { par: 12, locked: false },
      { par: 3, locked: true },
    ]) {
      const result = plan(stored, true);
      if (result.ok) addToTally(tally, result.planned);
    }
    expect(tally).toEqual({ rows: 4, created: 1, changed: 2, unchanged: 1, locksOverridden: 1 });
  });
});

test('sortProblems orders by line and keeps the order within a line', () => {
  const p = (line: number, message: string) => ({ line, code: 'empty_value' as const, message });
  expect(sortProblems([p(9, 'a'), p(3, 'b'), p(9, 'c'), p(2, 'd')]).map((x) => x.message)).toEqual([
    'd',
    'b',
    'a',
    'c',
  ]);
});

describe('barcode column', () => {
  const withBarcodes: ParImportCatalog = {
    locations: [{ id: 1, code: 'NS-02', active: true }],
    products: [
      { id: 10, name: 'Whole Milk', sku: 'WM-1', barcode: '036000291452', retired: false },
      { id: 11, name: 'Oat Milk', sku: null, barcode: '4006381333931', retired: false },
      { id: 12, name: 'Holiday Blend', sku: null, barcode: '96385074', retired: true },
    ],
  };

  test('a file may name its products by barcode alone', () => {
    expect(findParImportColumns(['location', 'GTIN', 'par'], { locationFromCommandLine: false })).toEqual({
      location: 0,
      product: null,
      par: 2,
      barcode: 1,
      width: 3,
    });
  });

  const BY_BARCODE = { location: 0, product: null, par: 2, barcode: 1, width: 3 } as const;

  test('finds the product by its barcode, also written as EAN-13 or with spaces', () => {
    const byBarcode = new ParImportChecker(withBarcodes, BY_BARCODE);
    expect(byBarcode.check(2, ['NS-02', '0036000291452', '3'])).toMatchObject({
      ok: true,
      row: { productId: 10, par: 3 },
    });
    expect(byBarcode.check(3, ['NS-02', '4 006381 333931', '1'])).toMatchObject({
      ok: true,
      row: { productId: 11 },
    });
  });

  test('a bad check digit, an unknown code and a retired product are reported with their line', () => {
    const byBarcode = new ParImportChecker(withBarcodes, BY_BARCODE);
    expect(byBarcode.check(2, ['NS-02', '036000291453', '3'])).toMatchObject({
      ok: false,
      problems: [{ line: 2, code: 'invalid_barcode' }],
    });
    expect(byBarcode.check(3, ['NS-02', '10012345678902', '3'])).toEqual({
      ok: false,
      problems: [{ line: 3, code: 'unknown_barcode', message: 'no product has the barcode 10012345678902' }],
    });
    expect(byBarcode.check(4, ['NS-02', '96385074', '3'])).toMatchObject({
      ok: false,
      problems: [{ code: 'retired_product' }],
    });
  });

  test('with both columns, the name and the barcode must agree; either alone is enough', () => {
    const both = new ParImportChecker(withBarcodes, {
      location: 0,
      product: 1,
      par: 3,
      barcode: 2,
      width: 4,
    });
    expect(both.check(2, ['NS-02', 'Whole Milk', '036000291452', '3'])).toMatchObject({ ok: true });
    expect(both.check(3, ['NS-02', '', '4006381333931', '3'])).toMatchObject({
      ok: true,
      row: { productId: 11 },
    });
    expect(both.check(4, ['NS-02', 'Whole Milk', '4006381333931', '3'])).toMatchObject({
      ok: false,
      problems: [{ code: 'barcode_mismatch' }],
    });
    // Line 3 named Oat Milk by barcode: naming it by name again is the same product twice.
    expect(both.check(5, ['NS-02', 'Oat Milk', '', '2'])).toMatchObject({
      ok: false,
      problems: [{ code: 'duplicate_row', message: "'Oat Milk' at NS-02 is already on line 3" }],
    });
  });
});

describe('product names compared as people read them (decision 105)', () => {
  test('a name typed with a decomposed accent finds the product stored composed, and the other way round', () => {
    const accented: ParImportCatalog = {
      locations: catalog.locations,
      products: [
        { id: 20, name: 'Caf\u00e9 Blend', sku: null, retired: false },
        { id: 21, name: 'Cre\u0300me Syrup', sku: null, retired: false },
      ],
    };
    const check = new ParImportChecker(accented, COLUMNS);
    expect(check.check(2, ['DT-01', 'Cafe\u0301 Blend', '2'])).toMatchObject({
      ok: true,
      row: { productId: 20 },
    });
    expect(check.check(3, ['DT-01', 'Cr\u00e8me Syrup', '2'])).toMatchObject({
      ok: true,
      row: { productId: 21 },
    });
  });
});
