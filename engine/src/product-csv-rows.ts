import { matchCategoryName } from './admin-category-schemas.ts';
import {
  type AdminProduct,
  amountProblem,
  type ImportError,
  PRODUCT_TEXT_LIMITS,
  type ProductFields,
  type ProductImportRow,
  textProblem,
} from './admin-product-schemas.ts';
import { barcodeKey, barcodeProblem, normaliseBarcode } from './barcode.ts';
import { CsvSyntaxError, decimalCommaHint, extraCellsProblem, parseCsv } from './csv-parse.ts';
import { plainMoneyText } from './input/money-text.ts';
import { storedText } from './input/text.ts';
import { csvCellText } from './order-csv.ts';

/**
 * The rules of a product CSV: which columns it may have, what each cell may hold, and whether each row
 * creates a product or updates the one of the same name. Every problem of every row is reported with its
 * line, so a person fixes the whole file at once instead of one error per upload.
 */

type Field = keyof ProductFields;

interface ColumnRule {
  field: Field;
  /** The name written in a template file. */
  header: string;
  /** Other headers people use for it; matched ignoring case, spaces, '_' and '-'. */
  aliases: readonly string[];
  required: boolean;
}

export const PRODUCT_CSV_COLUMNS: readonly ColumnRule[] = [
  { field: 'name', header: 'name', aliases: ['product', 'product name'], required: true },
  { field: 'cafeOrderCategory', header: 'category', aliases: ['cafe order category'], required: true },
  { field: 'unit', header: 'unit', aliases: [], required: true },
  { field: 'orderSubcategory', header: 'subcategory', aliases: ['order subcategory'], required: false },
  { field: 'sku', header: 'sku', aliases: [], required: false },
  { field: 'unitCost', header: 'unit_cost', aliases: ['cost'], required: false },
  {
    field: 'maximumStockQuantity',
    header: 'maximum_stock_quantity',
    aliases: ['max stock', 'maximum stock'],
    required: false,
  },
  { field: 'vendor', header: 'vendor', aliases: ['supplier'], required: false },
  { field: 'isDailyCount', header: 'is_daily_count', aliases: ['daily count'], required: false },
  { field: 'barcode', header: 'barcode', aliases: ['gtin', 'ean', 'upc'], required: false },
];

/** More rows than this in one file is almost certainly the wrong file. */
export const MAX_PRODUCT_CSV_ROWS = 5000;
/** A header this wide is the wrong file too: told once, not one error a column. */
export const MAX_PRODUCT_CSV_COLUMNS = 40;

const normalise = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

const COLUMN_BY_HEADER = new Map<string, ColumnRule>(
  PRODUCT_CSV_COLUMNS.flatMap((column) =>
    [column.header, column.field, ...column.aliases].map((name) => [normalise(name), column] as const),
  ),
);

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

const DEFAULTS: Omit<ProductFields, 'name' | 'cafeOrderCategory' | 'unit'> = {
  sku: null,
  orderSubcategory: null,
  maximumStockQuantity: null,
  unitCost: 0,
  vendor: null,
  isDailyCount: false,
  barcode: null,
};

interface Column {
  rule: ColumnRule;
  /** The header as the file writes it, so messages use the person's own words. */
  label: string;
  index: number;
}

type CellResult = { ok: true; value: ProductFields[Field] } | { ok: false; message: string };

/** A cell as the person meant it: an export's defusing apostrophe ('=1+2 Formula Cup) taken away, then trimmed. */
const cellText = (raw: string) => storedText(csvCellText(raw));

function readCell(column: Column, raw: string): CellResult {
  const cell = cellText(raw);
  const { field } = column.rule;
  const fail = (problem: string): CellResult => ({ ok: false, message: `${column.label} ${problem}` });
  switch (field) {
    case 'unitCost':
    case 'maximumStockQuantity': {
      // A blank cap is "no cap"; a blank cost is no price at all, and 0 would overwrite a product's real one.
      if (cell === '' && field === 'unitCost')
        return fail('is empty: write the unit cost, 0 when there is none');
      if (cell === '') return { ok: true, value: null };
      const number = plainMoneyText(cell);
      if (!NUMBER.test(number)) return fail(`must be a number (got '${cell}')${decimalCommaHint(number)}`);
      const value = Number(number);
      const problem = amountProblem(value, field);
      return problem ? fail(`${problem} (got ${cell})`) : { ok: true, value };
    }
    case 'isDailyCount': {
      const word = cell.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return fail(`must be yes or no (got '${cell}')`);
    }
    case 'barcode': {
      const code = normaliseBarcode(cell);
      if (code === '') return { ok: true, value: null };
      const problem = barcodeProblem(code);
      return problem ? fail(problem) : { ok: true, value: code };
    }
    default: {
      const problem = textProblem(cell, { required: column.rule.required, max: PRODUCT_TEXT_LIMITS[field] });
      if (problem) return fail(problem);
      return { ok: true, value: cell === '' ? null : cell };
    }
  }
}

function readHeader(header: readonly string[]): { columns: Column[]; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const columns: Column[] = [];
  const seen = new Map<Field, string>();
  if (header.length > MAX_PRODUCT_CSV_COLUMNS) {
    const valid = PRODUCT_CSV_COLUMNS.map((c) => c.header).join(', ');
    const message = `The header has ${header.length} columns; a product file has at most ${PRODUCT_CSV_COLUMNS.length}: ${valid}`;
    return { columns, errors: [{ line: 1, message }] };
  }
  header.forEach((raw, index) => {
    const label = raw.trim();
    const rule = COLUMN_BY_HEADER.get(normalise(label));
    if (!rule) {
      const valid = PRODUCT_CSV_COLUMNS.map((c) => c.header).join(', ');
      errors.push({
        line: 1,
        message:
          label === ''
            ? `Column ${index + 1} has no name. Columns: ${valid}`
            : `Unknown column '${label}'. Columns: ${valid}`,
      });
      return;
    }
    const earlier = seen.get(rule.field);
    if (earlier !== undefined) {
      errors.push({ line: 1, message: `Columns '${earlier}' and '${label}' are the same column` });
      return;
    }
    seen.set(rule.field, label);
    columns.push({ rule, label, index });
  });
  for (const rule of PRODUCT_CSV_COLUMNS) {
    if (rule.required && !seen.has(rule.field)) {
      errors.push({ line: 1, message: `The file needs a '${rule.header}' column` });
    }
  }
  return { columns, errors };
}

const FIELDS: readonly Field[] = [
  'name',
  'sku',
  'unit',
  'cafeOrderCategory',
  'orderSubcategory',
  'maximumStockQuantity',
  'unitCost',
  'vendor',
  'isDailyCount',
  'barcode',
];

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

function changedFields(before: ProductFields, after: ProductFields): Field[] {
  return FIELDS.filter((field) => before[field] !== after[field]);
}

function fieldsOf(product: AdminProduct): ProductFields {
  return {
    name: product.name,
    sku: product.sku,
    unit: product.unit,
    cafeOrderCategory: product.cafeOrderCategory,
    orderSubcategory: product.orderSubcategory,
    maximumStockQuantity: product.maximumStockQuantity,
    unitCost: product.unitCost,
    vendor: product.vendor,
    isDailyCount: product.isDailyCount,
    barcode: product.barcode,
  };
}

export interface ProductImportPlan {
  rows: ProductImportRow[];
  errors: ImportError[];
}

/**
 * How two names or SKUs are told apart: equal keys are one name. The database's unique indexes fold with
 * its own lower(), which differs from JavaScript's (final sigma, dotted capital I), so the import passes
 * the database's fold; this one serves where no database is at hand.
 */
export type NameKey = (value: string) => string;

export const nameKeyAsTyped: NameKey = (value) => value.normalize('NFC').toLowerCase();

type ParsedCsv = ReturnType<typeof parseCsv>;

function parseProductCsv(text: string): { parsed: ParsedCsv } | { errors: ImportError[] } {
  try {
    return { parsed: parseCsv(text) };
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { errors: [{ line: error.line, message: error.reason }] };
    throw error;
  }
}

/**
 * The names and SKUs a product CSV holds, as the plan reads them, for the caller to fold them the way its
 * database does before `planProductImport`. Empty when the file cannot be read (the plan says why).
 */
export function productCsvNamesAndSkus(text: string): string[] {
  const read = parseProductCsv(text);
  if (!('parsed' in read) || read.parsed.header.length > MAX_PRODUCT_CSV_COLUMNS) return [];
  const { columns } = readHeader(read.parsed.header);
  const keyed = columns.filter((c) => c.rule.field === 'name' || c.rule.field === 'sku');
  const values = new Set<string>();
  for (const { cells } of read.parsed.rows.slice(0, MAX_PRODUCT_CSV_ROWS)) {
    for (const column of keyed) {
      const value = cellText(cells[column.index] ?? '');
      if (value !== '') values.add(value);
    }
  }
  return [...values];
}

/**
 * Reads a product CSV against the products that exist (retired ones included). A row whose name matches a
 * product (by `nameKey`: ignoring case) updates it: columns the file has overwrite, columns it lacks stay as
 * they are. Any other row creates a product, with defaults for missing columns. A category differing from
 * a known one only in case takes the known spelling. `errors` lists every problem; the import writes only
 * when it is empty.
 */
export function planProductImport(
  text: string,
  existing: readonly AdminProduct[],
  categories: readonly string[] = [],
  nameKey: NameKey = nameKeyAsTyped,
): ProductImportPlan {
  const read = parseProductCsv(text);
  if (!('parsed' in read)) return { rows: [], errors: read.errors };
  const { parsed } = read;
  if (parsed.header.length === 0) {
    return {
      rows: [],
      errors: [{ line: 1, message: 'The file is empty: it needs a header row and products.' }],
    };
  }
  const { columns, errors } = readHeader(parsed.header);
  if (errors.length > 0) return { rows: [], errors };
  if (parsed.rows.length === 0) {
    return { rows: [], errors: [{ line: 2, message: 'The file has a header but no products.' }] };
  }
  if (parsed.rows.length > MAX_PRODUCT_CSV_ROWS) {
    return {
      rows: [],
      errors: [
        {
          line: parsed.rows[MAX_PRODUCT_CSV_ROWS]?.line ?? 1,
          message: `The file has ${parsed.rows.length} products; import at most ${MAX_PRODUCT_CSV_ROWS} at a time.`,
        },
      ],
    };
  }

  // Lists, since names stored before they were normalised can share a key.
  const byName = groupBy(existing, (product) => nameKey(product.name));
  const skuOwners = groupBy(
    existing.filter((product) => product.sku !== null),
    (product) => nameKey(product.sku ?? ''),
  );
  // Keyed by the 14-digit form, so a UPC-A and the same code written as EAN-13 are one barcode.
  const barcodeOwner = new Map(
    existing.flatMap((product) => {
      const key = product.barcode ? barcodeKey(product.barcode) : null;
      return key ? [[key, product] as const] : [];
    }),
  );
  const lineOfBarcode = new Map<string, number>();
  const lineOfName = new Map<string, number>();
  const lineOfSku = new Map<string, number>();
  const rows: ProductImportRow[] = [];
  const nameLabel = columns.find((c) => c.rule.field === 'name')?.label ?? 'name';

  for (const { line, cells } of parsed.rows) {
    const problems: string[] = [];
    const extraCells = extraCellsProblem(cells, parsed.header.length, parsed.delimiter);
    if (extraCells) problems.push(extraCells);
    const values: Partial<Record<Field, ProductFields[Field]>> = {};
    for (const column of columns) {
      const result = readCell(column, cells[column.index] ?? '');
      if (result.ok) values[column.rule.field] = result.value;
      else problems.push(result.message);
    }

    if (typeof values.cafeOrderCategory === 'string') {
      values.cafeOrderCategory = matchCategoryName(values.cafeOrderCategory, categories);
    }
    const name = typeof values.name === 'string' ? values.name : null;
    const matches = name === null ? [] : (byName.get(nameKey(name)) ?? []);
    const match = matches.length === 1 ? matches[0] : undefined;
    if (name !== null) {
      if (matches.length > 1) {
        const names = matches.map((product) => `'${product.name}'`).join(', ');
        problems.push(`${nameLabel} '${name}' could be any of ${names}; rename all but one first`);
      }
      const earlier = lineOfName.get(nameKey(name));
      if (earlier !== undefined) problems.push(`${nameLabel} '${name}' is already on line ${earlier}`);
      else lineOfName.set(nameKey(name), line);
    }
    const sku = typeof values.sku === 'string' ? values.sku : null;
    if (sku !== null) {
      const earlier = lineOfSku.get(nameKey(sku));
      const owner = skuOwners.get(nameKey(sku))?.find((product) => product.id !== match?.id);
      if (earlier !== undefined) problems.push(`sku '${sku}' is already on line ${earlier}`);
      else lineOfSku.set(nameKey(sku), line);
      if (owner) problems.push(`sku '${sku}' belongs to '${owner.name}'`);
    }
    const key = typeof values.barcode === 'string' ? barcodeKey(values.barcode) : null;
    if (key !== null) {
      const earlier = lineOfBarcode.get(key);
      const owner = barcodeOwner.get(key);
      if (earlier !== undefined) problems.push(`barcode '${values.barcode}' is already on line ${earlier}`);
      else lineOfBarcode.set(key, line);
      if (owner && owner.id !== match?.id) {
        problems.push(`barcode '${values.barcode}' belongs to '${owner.name}'`);
      }
    }

    if (problems.length > 0) {
      for (const message of problems) errors.push({ line, message });
      continue;
    }
    if (match) {
      const before = fieldsOf(match);
      const product = { ...before, ...values } as ProductFields;
      rows.push({
        line,
        action: 'update',
        productId: match.id,
        product,
        changed: changedFields(before, product),
      });
    } else {
      const product = { ...DEFAULTS, ...values } as ProductFields;
      rows.push({ line, action: 'create', productId: null, product, changed: [] });
    }
  }
  return { rows, errors };
}
