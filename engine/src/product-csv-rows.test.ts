import { describe, expect, test } from 'bun:test';
import type { AdminProduct } from './admin-product-schemas.ts';
import { toCsv } from './order-csv.ts';
import {
  MAX_PRODUCT_CSV_COLUMNS,
  MAX_PRODUCT_CSV_ROWS,
  planProductImport,
  productCsvNamesAndSkus,
} from './product-csv-rows.ts';

const oatMilk: AdminProduct = {
  id: 7,
  name: 'Oat Milk',
  sku: 'GPF-1',
  unit: 'carton',
  cafeOrderCategory: 'Dairy',
  orderSubcategory: null,
  maximumStockQuantity: 12,
  unitCost: 3.1,
  vendor: 'Greenfield',
  isDailyCount: true,
  barcode: null,
  retiredAt: null,
  updatedAt: '2026-12-01T09:00:00.000Z',
};

const plan = (text: string, existing: AdminProduct[] = [oatMilk]) => planProductImport(text, existing);

describe('columns', () => {
  test('headers match ignoring case, spaces, underscores and dashes, and common aliases', () => {
    const result = plan(
      'Product Name,Category,UNIT,Sub-Category,SKU,Unit Cost,Max Stock,Supplier,Daily Count\n' +
        'Espresso Beans,Coffee,bag,Whole bean,HCR-1,12.50,20,Harbor,yes\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        line: 2,
        action: 'create',
        productId: null,
        product: {
          name: 'Espresso Beans',
          sku: 'HCR-1',
          unit: 'bag',
          cafeOrderCategory: 'Coffee',
          orderSubcategory: 'Whole bean',
          maximumStockQuantity: 20,
          unitCost: 12.5,
          vendor: 'Harbor',
          isDailyCount: true,
          barcode: null,
        },
        changed: [],
      },
    ]);
  });

  test('an unknown or repeated column and each missing required one are listed on line 1', () => {
    expect(plan('name,colour,Name,cost\nBeans,red,Beans,1').errors).toEqual([
      {
        line: 1,
        message:
          "Unknown column 'colour'. Columns: name, category, unit, subcategory, sku, unit_cost, maximum_stock_quantity, vendor, is_daily_count, barcode",
      },
      { line: 1, message: "Columns 'name' and 'Name' are the same column" },
      { line: 1, message: "The file needs a 'category' column" },
      { line: 1, message: "The file needs a 'unit' column" },
    ]);
  });

  test('a header of 200,000 columns is one error, not one a column', () => {
    const wide = `name,category,unit${',x'.repeat(200_000)}\nBeans,Coffee,bag`;
    expect(plan(wide).errors).toEqual([
      {
        line: 1,
        message:
          'The header has 200003 columns; a product file has at most 10: name, category, unit, subcategory, sku, unit_cost, maximum_stock_quantity, vendor, is_daily_count, barcode',
      },
    ]);
    const widest = `name,category,unit${',x'.repeat(MAX_PRODUCT_CSV_COLUMNS - 3)}\nBeans,Coffee,bag`;
    expect(plan(widest).errors).toHaveLength(MAX_PRODUCT_CSV_COLUMNS - 3);
  });

  test('an empty file, a header without rows and a file too long are refused', () => {
    expect(plan('').errors).toEqual([
      { line: 1, message: 'The file is empty: it needs a header row and products.' },
    ]);
    expect(plan('name,category,unit\n').errors).toEqual([
      { line: 2, message: 'The file has a header but no products.' },
    ]);
    const many = Array.from({ length: MAX_PRODUCT_CSV_ROWS + 1 }, (_, i) => `P${i},Coffee,bag`).join('\n');
    expect(plan(`name,category,unit\n${many}`).errors).toEqual([
      {
        line: MAX_PRODUCT_CSV_ROWS + 2,
        message: `The file has ${MAX_PRODUCT_CSV_ROWS + 1} products; import at most ${MAX_PRODUCT_CSV_ROWS} at a time.`,
      },
    ]);
  });

  test('a CSV syntax error is reported with its line', () => {
    expect(plan('name,category,unit\nBeans,Coffee,bag\n"Milk,Dairy,carton\n').errors).toEqual([
      { line: 3, message: 'a quoted cell is never closed' },
    ]);
  });
});

describe('rows', () => {
  const header = 'name,category,unit,unit_cost,maximum_stock_quantity,is_daily_count';

  test('every problem of every row is listed with its line, in file order', () => {
    const result = plan(
      [
        header,
        'Beans,Coffee,bag,12,,no',
        ',Coffee,bag,1,,no',
        'Cups,Supplies,sleeve,-2,,no',
        'Lids,Supplies,sleeve,abc,,no',
        'Beans,Coffee,bag,12,,no',
        'Straws,,box,1,1.005,maybe',
        'Sugar,Coffee,box,1,2,no,extra',
      ].join('\n'),
    );
    expect(result.errors).toEqual([
      { line: 3, message: 'name must not be empty' },
      { line: 4, message: 'unit_cost must be 0 or more (got -2)' },
      { line: 5, message: "unit_cost must be a number (got 'abc')" },
      { line: 6, message: "name 'Beans' is already on line 2" },
      { line: 7, message: 'category must not be empty' },
      { line: 7, message: 'maximum_stock_quantity must have at most 2 decimal places (got 1.005)' },
      { line: 7, message: "is_daily_count must be yes or no (got 'maybe')" },
      {
        line: 8,
        message: 'has 7 cells but the header has 6 columns (a comma inside a cell needs quotes)',
      },
    ]);
    expect(result.rows.map((row) => row.line)).toEqual([2]);
  });

  test('a file Excel saved with semicolons is read by its columns, and its problems name the semicolon', () => {
    const result = plan(
      [
        header.replaceAll(',', ';'),
        'Beans;Coffee;bag;12.50;;no',
        'Cups;Supplies;sleeve;4,50;;no',
        'Lids;Supplies;sleeve;1;2;no;extra',
      ].join('\r\n'),
    );
    expect(result.errors).toEqual([
      { line: 3, message: "unit_cost must be a number (got '4,50'); write decimals with a point (4.50)" },
      {
        line: 4,
        message: 'has 7 cells but the header has 6 columns (a semicolon inside a cell needs quotes)',
      },
    ]);
    expect(result.rows.map((row) => [row.line, row.product.unitCost])).toEqual([[2, 12.5]]);
  });

  test('duplicate names are found ignoring case and surrounding spaces', () => {
    expect(plan(`${header}\nBeans,Coffee,bag,1,,no\n  beans ,Coffee,bag,1,,no`).errors).toEqual([
      { line: 3, message: "name 'beans' is already on line 2" },
    ]);
  });

  test('a name of an existing product (any case) updates it; missing columns keep their values', () => {
    const result = plan('name,category,unit,unit_cost\noat milk,Dairy,carton,3.25\n');
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        line: 2,
        action: 'update',
        productId: 7,
        product: {
          name: 'oat milk',
          sku: 'GPF-1',
          unit: 'carton',
          cafeOrderCategory: 'Dairy',
          orderSubcategory: null,
          maximumStockQuantity: 12,
          unitCost: 3.25,
          vendor: 'Greenfield',
          isDailyCount: true,
          barcode: null,
        },
        changed: ['name', 'unitCost'],
      },
    ]);
  });

  test('a category differing from a known one only in case takes the known spelling', () => {
    const result = planProductImport(
      'name,category,unit\nCups,supplies,sleeve\nTea,Tea,box',
      [],
      ['Supplies'],
    );
    expect(result.rows.map((row) => row.product.cafeOrderCategory)).toEqual(['Supplies', 'Tea']);
  });

  test('an update that changes nothing says so', () => {
    expect(plan('name,category,unit\nOat Milk,Dairy,carton').rows[0]?.changed).toEqual([]);
  });

  test('a blank unit cost is refused, not read as 0: on a product updated it would overwrite the price', () => {
    expect(plan('name,category,unit,unit_cost\nCups,Supplies,sleeve,').errors).toEqual([
      { line: 2, message: 'unit_cost is empty: write the unit cost, 0 when there is none' },
    ]);
  });

  test('a price as spreadsheets write it is read, but a comma before three digits alone is not guessed', () => {
    const costs = (cells: string[]) =>
      plan(
        `name,category,unit,unit_cost\n${cells.map((cost, i) => `P${i},Coffee,bag,"${cost}"`).join('\n')}`,
      );
    expect(costs(['$4.50', '$ 1,250.00', '12']).rows.map((row) => row.product.unitCost)).toEqual([
      4.5, 1250, 12,
    ]);
    expect(costs(['1,250']).errors[0]?.message).toContain('write it without the comma (1250)');
  });

  test('new products get the defaults for missing or empty cells', () => {
    expect(plan('name,category,unit,vendor,unit_cost\nCups,Supplies,sleeve,,0').rows[0]?.product).toEqual({
      name: 'Cups',
      sku: null,
      unit: 'sleeve',
      cafeOrderCategory: 'Supplies',
      orderSubcategory: null,
      maximumStockQuantity: null,
      unitCost: 0,
      vendor: null,
      isDailyCount: false,
      barcode: null,
    });
  });

  test('a short row reads its missing trailing cells as empty', () => {
    const result = plan('name,category,unit,vendor\nCups,Supplies,sleeve');
    expect(result.errors).toEqual([]);
    expect(result.rows[0]?.product.vendor).toBeNull();
  });

  test('booleans accept yes/no, true/false, y/n and 1/0 in any case', () => {
    const rows = ['YES', 'no', 'True', 'false', 'y', 'N', '1', '0'].map(
      (word, i) => `P${i},Coffee,bag,${word}`,
    );
    const result = plan(`name,category,unit,is_daily_count\n${rows.join('\n')}`);
    expect(result.rows.map((row) => row.product.isDailyCount)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  test('too long text is refused with the limit', () => {
    expect(plan(`name,category,unit\n${'x'.repeat(201)},Coffee,bag`).errors).toEqual([
      { line: 2, message: 'name must be at most 200 characters' },
    ]);
  });

  test('a SKU used twice in the file, or owned by another product, is refused', () => {
    const result = plan(
      'name,category,unit,sku\nBeans,Coffee,bag,X1\nSugar,Coffee,box,x1\nCups,Supplies,sleeve,GPF-1\n',
    );
    expect(result.errors).toEqual([
      { line: 3, message: "sku 'x1' is already on line 2" },
      { line: 4, message: "sku 'GPF-1' belongs to 'Oat Milk'" },
    ]);
  });

  test('a product keeps its own SKU when the file updates it', () => {
    expect(plan('name,category,unit,sku\nOat Milk,Dairy,carton,GPF-1').errors).toEqual([]);
  });
});

describe('an export imported again', () => {
  test("cells the export defused with an apostrophe ('=1+2 Formula Cup) are read as written before", () => {
    const formulaCup = { ...oatMilk, id: 8, name: '=1+2 Formula Cup', sku: '-SKU-9' };
    const csv = toCsv(
      ['name', 'category', 'unit', 'sku'],
      [['=1+2 Formula Cup', 'Dairy', 'carton', '-SKU-9']],
    );
    expect(csv).toContain("'=1+2 Formula Cup,Dairy,carton,'-SKU-9");
    expect(plan(csv, [formulaCup])).toMatchObject({
      errors: [],
      rows: [{ action: 'update', productId: 8, changed: [] }],
    });
    expect(productCsvNamesAndSkus(csv)).toEqual(['=1+2 Formula Cup', '-SKU-9']);
  });
});

describe('barcodes', () => {
  const withBarcode: AdminProduct = { ...oatMilk, barcode: '036000291452' };

  test('a barcode column sets the code, spaces dropped; a blank cell leaves none', () => {
    const result = plan('name,category,unit,barcode\nChai,Tea,carton,4 006381 333931\nMatcha,Tea,tin,\n');
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => row.product.barcode)).toEqual(['4006381333931', null]);
  });

  test('a wrong check digit, a code on two lines and a code of another product are reported by line', () => {
    const result = plan(
      'name,category,unit,gtin\n' +
        'Chai,Tea,carton,4006381333932\n' +
        'Matcha,Tea,tin,96385074\n' +
        'Rooibos,Tea,tin,96385074\n' +
        'Sencha,Tea,tin,0036000291452\n',
      [withBarcode],
    );
    expect(result.errors).toEqual([
      {
        line: 2,
        message:
          'gtin has a wrong check digit: 4006381333932 ends in 2, a valid code would end in 1 — check the digits',
      },
      { line: 4, message: "barcode '96385074' is already on line 3" },
      { line: 5, message: "barcode '0036000291452' belongs to 'Oat Milk'" },
    ]);
    expect(result.rows.map((row) => row.product.name)).toEqual(['Matcha']);
  });

  test('a product keeps its own barcode when the file updates it', () => {
    const result = plan('name,category,unit,barcode\nOat Milk,Dairy,carton,036000291452\n', [withBarcode]);
    expect(result.errors).toEqual([]);
    expect(result.rows[0]).toMatchObject({ action: 'update', changed: [] });
  });
});

describe('names compared as people read them (decision 105)', () => {
  test('a cell with a decomposed accent is read in NFC and matches the product of that name', () => {
    const cafe = { ...oatMilk, id: 8, name: 'Caf\u00e9 Blend', sku: 'SKU-Caf\u00e9' };
    const result = plan('name,category,unit,sku\nCafe\u0301 Blend,Coffee,bag,SKU-Cafe\u0301\n', [cafe]);
    expect(result.errors).toEqual([]);
    expect(result.rows[0]).toMatchObject({
      action: 'update',
      productId: 8,
      product: { name: 'Caf\u00e9 Blend' },
    });
  });

  test('a name with U+FFFD, a letter lost to a wrong encoding, is refused instead of planned as a new product', () => {
    const result = plan('name,category,unit\nHam & Gruy\uFFFDre Croissant,Bakery,each\n', []);
    expect(result).toEqual({
      rows: [],
      errors: [
        {
          line: 2,
          message:
            'name holds �, the mark of a letter lost by reading text in the wrong encoding; type the letter again, or save the file as CSV UTF-8',
        },
      ],
    });
  });

  test('an invisible character in a cell is refused with its line and column', () => {
    const result = plan('name,category,unit\nTea,Tea\u200b,box\nOat\u202eMilk,Dairy,carton\n', []);
    expect(result.errors).toEqual([
      {
        line: 2,
        message: 'category holds an invisible character (U+200B zero-width space); type it again without it',
      },
      {
        line: 3,
        message:
          'name holds an invisible character (U+202E text direction control); type it again without it',
      },
    ]);
  });

  test('names match by the fold given, so the plan agrees with the database that stores them', () => {
    const tea = { ...oatMilk, id: 9, name: '\u03a3\u0391\u03a3 tea', sku: null };
    // JavaScript lowers a final capital sigma to 'ς'; PostgreSQL's lower() folds every Σ to 'σ'.
    const everySigma = (value: string) => value.toLowerCase().replaceAll('\u03c2', '\u03c3');
    const file = 'name,category,unit\n\u03c3\u03b1\u03c3 tea,Tea,each\n';
    expect(planProductImport(file, [tea]).rows[0]?.action).toBe('create');
    expect(planProductImport(file, [tea], [], everySigma).rows[0]).toMatchObject({
      action: 'update',
      productId: 9,
      changed: ['name', 'unit', 'cafeOrderCategory'],
    });
    const twice = 'name,category,unit\n\u03a3\u0391\u03a3 tea,Tea,each\n\u03c3\u03b1\u03c3 tea,Tea,each\n';
    expect(planProductImport(twice, [], [], everySigma).errors).toEqual([
      { line: 3, message: "name '\u03c3\u03b1\u03c3 tea' is already on line 2" },
    ]);
  });

  test('a name two stored products share by that fold is refused, not matched to either', () => {
    const composed = { ...oatMilk, id: 10, name: 'Caf\u00e9', sku: null };
    const decomposed = { ...oatMilk, id: 11, name: 'Cafe\u0301', sku: null };
    const result = plan('name,category,unit\nCAF\u00c9,Coffee,bag\n', [composed, decomposed]);
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 2,
        message: "name 'CAF\u00c9' could be any of 'Caf\u00e9', 'Cafe\u0301'; rename all but one first",
      },
    ]);
  });

  test('productCsvNamesAndSkus lists the names and SKUs as the plan reads them', () => {
    expect(productCsvNamesAndSkus('unit,sku,name\neach, A-1 ,Cafe\u0301\neach,,Tea\n')).toEqual([
      'A-1',
      'Caf\u00e9',
      'Tea',
    ]);
    expect(productCsvNamesAndSkus('name\n"unclosed')).toEqual([]);
  });
});
