import { z } from 'zod';
import { barcodeKey, barcodeProblem, normaliseBarcode } from './barcode.ts';
import { type CsvDelimiter, decimalCommaHint, extraCellsProblem } from './csv-parse.ts';
import { storedText } from './input/text.ts';
import { csvCellText } from './order-csv.ts';
import { lockedParChanges } from './par-lock.ts';

/**
 * Row rules of the PAR import (`parstock pars import`): a CSV with a location, a product (name or SKU, or
 * its barcode in a `barcode` column) and a PAR per row. Every rule reports a problem with the row's line number, so a person can fix the whole
 * file in one pass instead of one error per run.
 */

/** PARs are entered in quarters (product.md: "decimals allowed to 0.25"). */
export const PAR_STEP = 0.25;
/** Far above any café's shelf; a bigger figure is a typo (a price, a SKU or a pasted total). */
export const MAX_PAR = 10_000;

export const PAR_IMPORT_PROBLEM_CODES = [
  'empty_value',
  'not_a_number',
  'negative',
  'not_a_quarter',
  'too_large',
  'unknown_location',
  'inactive_location',
  'location_mismatch',
  'unknown_product',
  'ambiguous_product',
  'retired_product',
  'duplicate_row',
  'locked_par',
  'invalid_barcode',
  'unknown_barcode',
  'barcode_mismatch',
  'too_many_cells',
] as const;
export type ParImportProblemCode = (typeof PAR_IMPORT_PROBLEM_CODES)[number];

export interface ParImportProblem {
  line: number;
  code: ParImportProblemCode;
  message: string;
}

/** A PAR as stored: a multiple of 0.25 from 0 to MAX_PAR. */
export const parValueSchema = z
  .number()
  .min(0, 'A PAR cannot be negative')
  .max(MAX_PAR, `A PAR cannot be more than ${MAX_PAR}`)
  .refine((n) => Number.isInteger(n / PAR_STEP), `A PAR must be a multiple of ${PAR_STEP}`);

// Plain decimals only: "1,5", "1e3", "12 cases" and "0x10" are typos in a PAR file, not numbers.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

type Issue = { code: 'custom'; message: string; params: { problem: ParImportProblemCode } };
const issue = (problem: ParImportProblemCode, message: string): Issue => ({
  code: 'custom',
  message,
  params: { problem },
});

/** A PAR cell as typed: surrounding spaces ignored, then each way it can be wrong has its own reason. */
export const parCellSchema = z.string().transform((raw, ctx) => {
  const text = raw.trim();
  if (text === '') {
    ctx.addIssue(issue('empty_value', 'PAR is empty'));
    return z.NEVER;
  }
  if (!DECIMAL.test(text)) {
    ctx.addIssue(issue('not_a_number', `PAR '${text}' is not a number${decimalCommaHint(text)}`));
    return z.NEVER;
  }
  const value = Number(text);
  if (value < 0) {
    ctx.addIssue(issue('negative', `PAR ${text} is negative`));
  } else if (value > MAX_PAR) {
    ctx.addIssue(issue('too_large', `PAR ${text} is more than ${MAX_PAR}`));
  } else if (!Number.isInteger(value / PAR_STEP)) {
    ctx.addIssue(issue('not_a_quarter', `PAR ${text} is not a multiple of ${PAR_STEP}`));
  }
  // Writes "-0" and "+3" as the numbers they are; the issues above stop a bad value from being used.
  return value === 0 ? 0 : value;
});

const requiredCell = (label: string) =>
  z.string().transform((raw, ctx) => {
    const text = raw.trim();
    if (text === '') {
      ctx.addIssue(issue('empty_value', `${label} is empty`));
      return z.NEVER;
    }
    return text;
  });

/** One CSV row after the column mapping; the location may come from `--location` instead of the file. */
export const parImportRowSchema = z.object({
  location: requiredCell('Location code'),
  product: requiredCell('Product'),
  par: parCellSchema,
});
export type ParImportRow = z.output<typeof parImportRowSchema>;

// --- Columns ---------------------------------------------------------------------------------------------

export interface ParImportColumns {
  /** Absent when every row takes the location given on the command line. */
  location: number | null;
  /** Absent (null) when every row names its product by barcode. */
  product: number | null;
  /**
   * A `sku` column beside a `product` column (an inventory export has both): read only in rows whose product cell
   * is empty, since the name is what the export and a person editing it go by.
   */
  sku?: number;
  par: number;
  /** The barcode column, when the file has one. */
  barcode?: number;
  /** How many columns the header has, used or not: a row with more cells than that is refused. */
  width: number;
}

// The first name of each is the column's own; the others are aliases, which give way to it when both are there
// (the Navigator's files have `Location code` and `Location`, the café's name).
const COLUMN_NAMES = {
  location: ['location_code', 'location'],
  product: ['product', 'sku'],
  par: ['par'],
  barcode: ['barcode', 'gtin', 'ean', 'upc'],
} as const;

const normaliseHeader = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Finds the columns by header name (any letter case; spaces or dashes for underscores). Other columns are
 * ignored, so an inventory export with PARs edited in place can be imported as it is. A column's own name wins
 * over an alias (`product` over `sku`, `location_code` over `location`). Throws with a message for the person
 * when a needed column is missing or given twice.
 */
export function findParImportColumns(
  header: readonly string[],
  options: { locationFromCommandLine: boolean },
): ParImportColumns {
  if (header.every((cell) => cell.trim() === '')) {
    throw new Error(
      'The file is empty, or its first line is blank: it starts with the columns, e.g. location_code,product,par',
    );
  }
  const names = header.map(normaliseHeader);
  const columnsNamed = (accepted: readonly string[]) =>
    names.flatMap((name, index) => (accepted.includes(name) ? [index] : []));
  const find = (field: keyof typeof COLUMN_NAMES): number | null => {
    const [own] = COLUMN_NAMES[field];
    const exact = columnsNamed([own]);
    const found = exact.length > 0 ? exact : columnsNamed(COLUMN_NAMES[field]);
    if (found.length > 1) {
      throw new Error(
        `The header names the ${field} more than once (${found.map((i) => header[i]?.trim()).join(', ')})`,
      );
    }
    return found[0] ?? null;
  };
  const location = find('location');
  const product = find('product');
  const [sku] = names[product ?? -1] === 'product' ? columnsNamed(['sku']) : [];
  const par = find('par');
  const barcode = find('barcode');
  const missing = [
    location === null && !options.locationFromCommandLine ? 'location_code (or pass --location)' : null,
    product === null && barcode === null ? 'product (a name or SKU)' : null,
    par === null ? 'par' : null,
  ].filter((m): m is string => m !== null);
  if (missing.length > 0 || par === null) {
    const seen = header.length > 0 ? header.map((h) => h.trim()).join(', ') : 'nothing';
    throw new Error(`The CSV header needs the column(s) ${missing.join(', ')}; it has ${seen}`);
  }
  return {
    location,
    product,
    par,
    ...(barcode === null ? {} : { barcode }),
    ...(sku === undefined ? {} : { sku }),
    width: header.length,
  };
}

// --- Checking rows against the catalogue -------------------------------------------------------------------

export interface ParImportLocation {
  id: number;
  code: string;
  active: boolean;
}

export interface ParImportProduct {
  id: number;
  name: string;
  sku: string | null;
  /** As stored; matched in its 14-digit form. */
  barcode?: string | null;
  retired: boolean;
}

export interface ParImportCatalog {
  locations: readonly ParImportLocation[];
  products: readonly ParImportProduct[];
}

/** A row that passed every check that does not need the stored PARs. */
export interface ResolvedParRow {
  line: number;
  locationId: number;
  productId: number;
  par: number;
}

export type RowCheck = { ok: true; row: ResolvedParRow } | { ok: false; problems: ParImportProblem[] };

const problemCodeOf = (zodIssue: z.core.$ZodIssue): ParImportProblemCode => {
  const params = (zodIssue as { params?: { problem?: ParImportProblemCode } }).params;
  return params?.problem ?? 'empty_value';
};

/**
 * Checks rows one by one against the locations and products, remembering what it has seen so a second row
 * for the same location and product is reported as a duplicate of the first (also when one names the
 * product by name and the other by SKU). Products match by exact name, then exact SKU, then either one
 * ignoring letter case when that is unambiguous.
 */
export class ParImportChecker {
  private readonly locationsByCode = new Map<string, ParImportLocation>();
  private readonly productsByName = new Map<string, ParImportProduct>();
  private readonly productsBySku = new Map<string, ParImportProduct>();
  private readonly productsByFoldedKey = new Map<string, ParImportProduct[]>();
  private readonly productsByBarcode = new Map<string, ParImportProduct>();
  private readonly firstLineOf = new Map<number, Map<number, number>>();
  private readonly defaultLocation: string | null;
  private readonly delimiter: CsvDelimiter;

  constructor(
    catalog: ParImportCatalog,
    private readonly columns: ParImportColumns,
    /** `delimiter`: the file's cell separator, named when a row has more cells than the header (a comma by default). */
    options: { defaultLocationCode?: string | null; delimiter?: CsvDelimiter } = {},
  ) {
    for (const location of catalog.locations) this.locationsByCode.set(location.code.toLowerCase(), location);
    for (const product of catalog.products) {
      this.productsByName.set(product.name, product);
      if (product.sku) this.productsBySku.set(product.sku, product);
      const key = product.barcode ? barcodeKey(product.barcode) : null;
      if (key) this.productsByBarcode.set(key, product);
      // In NFC too, so a name stored with a decomposed accent is found by the same name typed composed.
      for (const key of new Set(
        [product.name, product.sku ?? ''].map((k) => k.normalize('NFC').toLowerCase()),
      )) {
        if (key === '') continue;
        const list = this.productsByFoldedKey.get(key) ?? [];
        list.push(product);
        this.productsByFoldedKey.set(key, list);
      }
    }
    this.defaultLocation = options.defaultLocationCode?.trim() || null;
    this.delimiter = options.delimiter ?? ',';
  }

  check(line: number, cells: readonly string[]): RowCheck {
    const tooWide = this.extraCells(line, cells);
    // The cells of such a row no longer sit under their headers: any value read from them could be the wrong one.
    if (tooWide) return { ok: false, problems: [tooWide] };
    // An export wrote '-Minus Lid for -Minus Lid so a spreadsheet would not run it: read it as the name again.
    const cell = (index: number | null) => (index === null ? '' : csvCellText(cells[index] ?? ''));
    // Read as the admin forms store text (decision 105): trimmed and in NFC.
    const fileLocation = storedText(cell(this.columns.location));
    const productText = storedText(cell(this.columns.product)) || storedText(cell(this.columns.sku ?? null));
    const barcodeText = normaliseBarcode(cell(this.columns.barcode ?? null));
    const parsed = parImportRowSchema.safeParse({
      location: fileLocation || this.defaultLocation || '',
      product: productText || barcodeText,
      par: cell(this.columns.par),
    });
    const problems: ParImportProblem[] = parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ line, code: problemCodeOf(i), message: i.message }));

    const locationText = parsed.success ? parsed.data.location : fileLocation || this.defaultLocation;
    let locationId: number | null = null;
    if (locationText) {
      const found = this.resolveLocation(line, locationText, fileLocation);
      if ('problem' in found) problems.push(found.problem);
      else locationId = found.id;
    }
    let productId: number | null = null;
    const byName = productText ? this.resolveProduct(line, productText) : null;
    const byBarcode = barcodeText ? this.resolveBarcode(line, barcodeText) : null;
    for (const found of [byName, byBarcode]) {
      if (found && 'problem' in found) problems.push(found.problem);
    }
    const nameId = byName && 'id' in byName ? byName.id : null;
    const barcodeId = byBarcode && 'id' in byBarcode ? byBarcode.id : null;
    if (nameId !== null && barcodeId !== null && nameId !== barcodeId) {
      problems.push({
        line,
        code: 'barcode_mismatch',
        message: `barcode ${barcodeText} is on another product than '${productText}'`,
      });
    } else {
      productId = nameId ?? barcodeId;
    }
    if (problems.length > 0 || !parsed.success || locationId === null || productId === null) {
      return { ok: false, problems };
    }

    let seen = this.firstLineOf.get(locationId);
    if (!seen) {
      seen = new Map();
      this.firstLineOf.set(locationId, seen);
    }
    const first = seen.get(productId);
    if (first !== undefined) {
      return {
        ok: false,
        problems: [
          {
            line,
            code: 'duplicate_row',
            message: `'${productText || barcodeText}' at ${parsed.data.location} is already on line ${first}`,
          },
        ],
      };
    }
    seen.set(productId, line);
    return { ok: true, row: { line, locationId, productId, par: parsed.data.par } };
  }

  /**
   * A row with more cells than the header: refused rather than read, since `DT-01,Milk,2,5` would otherwise import a
   * PAR of 2. When the cell after the PAR makes a decimal with it (`2` and `5`), the way to write it is said too.
   */
  private extraCells(line: number, cells: readonly string[]): ParImportProblem | null {
    const problem = extraCellsProblem(cells, this.columns.width, this.delimiter);
    if (!problem) return null;
    const par = (cells[this.columns.par] ?? '').trim();
    const next = (cells[this.columns.par + 1] ?? '').trim();
    const hint = this.delimiter === ',' ? decimalCommaHint(`${par},${next}`).replace(/^; /, '') : '';
    const message = hint ? `${problem}; if the PAR is ${par},${next}, ${hint}` : problem;
    return { line, code: 'too_many_cells', message };
  }

  private resolveLocation(
    line: number,
    code: string,
    fromFile: string,
  ): { id: number } | { problem: ParImportProblem } {
    if (fromFile && this.defaultLocation && fromFile.toLowerCase() !== this.defaultLocation.toLowerCase()) {
      return {
        problem: {
          line,
          code: 'location_mismatch',
          message: `location ${fromFile} differs from --location ${this.defaultLocation}`,
        },
      };
    }
    const location = this.locationsByCode.get(code.toLowerCase());
    if (!location) {
      return { problem: { line, code: 'unknown_location', message: `unknown location '${code}'` } };
    }
    if (!location.active) {
      return {
        problem: { line, code: 'inactive_location', message: `location ${location.code} is deactivated` },
      };
    }
    return { id: location.id };
  }

  private resolveBarcode(line: number, code: string): { id: number } | { problem: ParImportProblem } {
    const problem = barcodeProblem(code);
    if (problem) return { problem: { line, code: 'invalid_barcode', message: `barcode ${problem}` } };
    const product = this.productsByBarcode.get(barcodeKey(code) as string);
    if (!product) {
      return { problem: { line, code: 'unknown_barcode', message: `no product has the barcode ${code}` } };
    }
    if (product.retired) {
      return {
        problem: { line, code: 'retired_product', message: `product '${product.name}' is retired` },
      };
    }
    return { id: product.id };
  }

  private resolveProduct(line: number, text: string): { id: number } | { problem: ParImportProblem } {
    let product = this.productsByName.get(text) ?? this.productsBySku.get(text);
    if (!product) {
      const candidates = this.productsByFoldedKey.get(text.toLowerCase()) ?? [];
      if (candidates.length > 1) {
        const names = candidates.map((p) => `'${p.name}'`).join(', ');
        return {
          problem: { line, code: 'ambiguous_product', message: `'${text}' could be any of ${names}` },
        };
      }
      product = candidates[0];
    }
    if (!product) return { problem: { line, code: 'unknown_product', message: `unknown product '${text}'` } };
    if (product.retired) {
      return {
        problem: { line, code: 'retired_product', message: `product '${product.name}' is retired` },
      };
    }
    return { id: product.id };
  }
}

// --- Comparing with the stored PARs ------------------------------------------------------------------------

export interface StoredPar {
  par: number;
  locked: boolean;
}

export type ParChangeKind = 'create' | 'change' | 'unchanged';

export interface PlannedPar extends ResolvedParRow {
  kind: ParChangeKind;
  /** The stored PAR, or null when the location has no row for the product yet. */
  before: number | null;
  /** The PAR is locked and changes only because locks are overridden. */
  overridesLock: boolean;
}

export type ParPlan = { ok: true; planned: PlannedPar } | { ok: false; problem: ParImportProblem };

/**
 * What importing one row does to the stored PAR. A locked PAR may not change unless locks are overridden
 * (the rule of Set PARs, `lockedParChanges`); a row that repeats a locked PAR's value changes nothing and is
 * fine, so a re-imported export passes.
 */
export function planParRow(
  row: ResolvedParRow,
  stored: StoredPar | undefined,
  options: { overrideLocks: boolean; describe: () => string },
): ParPlan {
  if (!stored) return { ok: true, planned: { ...row, kind: 'create', before: null, overridesLock: false } };
  if (stored.par === row.par) {
    return { ok: true, planned: { ...row, kind: 'unchanged', before: stored.par, overridesLock: false } };
  }
  const locked = lockedParChanges(
    [{ productId: row.productId, par: row.par }],
    [{ productId: row.productId, par: stored.par, parLocked: stored.locked }],
    options.overrideLocks,
  );
  if (locked.length > 0) {
    return {
      ok: false,
      problem: {
        line: row.line,
        code: 'locked_par',
        message: `the PAR of ${options.describe()} is locked at ${stored.par}`,
      },
    };
  }
  return {
    ok: true,
    planned: { ...row, kind: 'change', before: stored.par, overridesLock: stored.locked },
  };
}

export interface ParImportTally {
  rows: number;
  created: number;
  changed: number;
  unchanged: number;
  locksOverridden: number;
}

export function emptyTally(): ParImportTally {
  return { rows: 0, created: 0, changed: 0, unchanged: 0, locksOverridden: 0 };
}

export function addToTally(tally: ParImportTally, planned: PlannedPar): void {
  tally.rows += 1;
  if (planned.kind === 'create') tally.created += 1;
  else if (planned.kind === 'change') tally.changed += 1;
  else tally.unchanged += 1;
  if (planned.overridesLock) tally.locksOverridden += 1;
}

/** Problems in file order; several problems of one line keep the order they were found in. */
export function sortProblems(problems: readonly ParImportProblem[]): ParImportProblem[] {
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => a.problem.line - b.problem.line || a.index - b.index)
    .map(({ problem }) => problem);
}
