import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { productSchema } from './api-schemas.ts';
import { barcodeProblem, normaliseBarcode } from './barcode.ts';
import { changedKeys, expectedUpdatedAtSchema } from './changed-meanwhile.ts';
import { plainMoneyText } from './input/money-text.ts';
import { centsAmountProblem, readTypedDecimal } from './input/quantity.ts';
import { characterProblem, refuseUnsafeCharacters, text } from './input/text.ts';

/**
 * Products as the admin screens and the CSV import write them. The field rules are plain functions so the
 * JSON API and the CSV rows (`product-csv-rows.ts`) refuse the same values with the same words.
 */

export const PRODUCT_TEXT_LIMITS = {
  name: 200,
  sku: 64,
  unit: 64,
  cafeOrderCategory: 100,
  orderSubcategory: 100,
  vendor: 200,
} as const;

/** The largest amount numeric(12,2) holds. */
export const MAX_PRODUCT_AMOUNT = 9_999_999_999.99;

/**
 * The highest unit cost taken. Nothing a café counts on its shelves costs more per unit; above it a price is a typo
 * (an extra three zeros), which Suggest Orders would turn into a cart of millions.
 */
export const MAX_UNIT_COST = 100_000;

/** What is wrong with a cost or stock cap, as the end of a sentence ("must be 0 or more"), or null. */
export function amountProblem(value: number, field: 'unitCost' | 'maximumStockQuantity'): string | null {
  if (field === 'unitCost' && value > MAX_UNIT_COST) return 'must be at most $100,000';
  return centsAmountProblem(value, MAX_PRODUCT_AMOUNT);
}

/**
 * U+FFFD is what a decoder writes for bytes it could not read: "Gruy\uFFFDre" is a Gruyère saved in another
 * encoding. Stored, it would become a second product beside the real one, so it is refused with the way out.
 */
const LOST_CHARACTER = '\uFFFD';
const LOST_CHARACTER_PROBLEM =
  'holds �, the mark of a letter lost by reading text in the wrong encoding; type the letter again, or save the file as CSV UTF-8';

/** What is wrong with a trimmed text value, or null. Empty optional text is stored as null. */
export function textProblem(value: string, rule: { required: boolean; max: number }): string | null {
  const characters = characterProblem(value);
  if (characters) return characters;
  if (value.includes(LOST_CHARACTER)) return LOST_CHARACTER_PROBLEM;
  if (rule.required && value === '') return 'must not be empty';
  if (value.length > rule.max) return `must be at most ${rule.max} characters`;
  return null;
}

// The same words as `textProblem`, which the CSV rows use.
const productText = (field: keyof typeof PRODUCT_TEXT_LIMITS, label: string, required: boolean) =>
  text(label, { required, max: PRODUCT_TEXT_LIMITS[field] }).refine(
    (value) => !value.includes(LOST_CHARACTER),
    `${label} ${LOST_CHARACTER_PROBLEM}`,
  );

const optionalText = (field: keyof typeof PRODUCT_TEXT_LIMITS, label: string) =>
  productText(field, label, false)
    .nullable()
    .transform((value) => (value === '' ? null : value));

/** What is wrong with an amount sent as text: a form sends what it could not read as one (`1,250`, `abc`). */
function textAmountProblem(label: string, input: unknown): string {
  const typed = typeof input === 'string' ? readTypedDecimal(plainMoneyText(input)) : null;
  return typed?.kind === 'ambiguous-comma' ? `${label}: ${typed.message}` : `${label} must be a number`;
}

const amount = (label: string, field: 'unitCost' | 'maximumStockQuantity') =>
  z
    .number({
      error: (issue) =>
        issue.input === null || issue.input === undefined
          ? `Enter the ${label.toLowerCase()} (0 when there is none)`
          : textAmountProblem(label, issue.input),
    })
    .superRefine((value, ctx) => {
      const problem = amountProblem(value, field);
      if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
    });

/** A GTIN/UPC/EAN as typed: spaces and dashes dropped, empty is none, a wrong check digit refused. */
export const barcodeFieldSchema = z
  .string({ error: 'barcode must be text' })
  .max(64, 'barcode must have 8, 12, 13 or 14 digits')
  .nullable()
  .transform((value, ctx) => {
    if (value === null) return null;
    const code = normaliseBarcode(value);
    if (code === '') return null;
    const problem = barcodeProblem(code);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `barcode ${problem}` });
      return z.NEVER;
    }
    return code;
  });

// Each field named as the product form labels it, since its messages show beside that label.
const productFieldShapes = {
  name: productText('name', 'Name', true),
  sku: optionalText('sku', 'SKU'),
  unit: productText('unit', 'Unit', true),
  cafeOrderCategory: productText('cafeOrderCategory', 'Category', true),
  orderSubcategory: optionalText('orderSubcategory', 'Subcategory'),
  maximumStockQuantity: amount('Max stock', 'maximumStockQuantity').nullable(),
  unitCost: amount('Unit cost', 'unitCost'),
  vendor: optionalText('vendor', 'Vendor'),
  isDailyCount: z.boolean({ error: 'isDailyCount must be true or false' }),
  barcode: barcodeFieldSchema,
};

/** Every field of a product an administrator sets. */
export const productFieldsSchema = z.object(productFieldShapes);
export type ProductFields = z.output<typeof productFieldsSchema>;

/** POST /api/admin/products: name, unit and category are required; the rest have the usual defaults. */
export const createProductBodySchema = strictBody({
  ...productFieldShapes,
  sku: productFieldShapes.sku.default(null),
  orderSubcategory: productFieldShapes.orderSubcategory.default(null),
  maximumStockQuantity: productFieldShapes.maximumStockQuantity.default(null),
  unitCost: productFieldShapes.unitCost.default(0),
  vendor: productFieldShapes.vendor.default(null),
  isDailyCount: productFieldShapes.isDailyCount.default(false),
  barcode: productFieldShapes.barcode.default(null),
});
export type CreateProductBody = z.input<typeof createProductBodySchema>;

/**
 * PATCH /api/admin/products/:id: any fields, plus `retired` to retire (true) or bring back (false), and the
 * `expectedUpdatedAt` the form was opened with.
 */
export const updateProductBodySchema = strictBody({
  ...productFieldsSchema.partial().shape,
  retired: z.boolean({ error: 'retired must be true or false' }).optional(),
  expectedUpdatedAt: expectedUpdatedAtSchema,
}).refine((body) => changedKeys(body).length > 0, { error: 'Send at least one field to change.' });
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;

/** A product as the admin list shows it, retired ones included. */
export const adminProductSchema = productSchema.extend({
  retiredAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** The largest CSV the import reads in one request (about 20,000 typical rows). */
export const MAX_PRODUCT_CSV_CHARS = 2_000_000;

export const productImportBodySchema = strictBody({
  csv: z
    .string({ error: 'csv must be the text of the file' })
    .max(MAX_PRODUCT_CSV_CHARS, `The file is too large: at most ${MAX_PRODUCT_CSV_CHARS} characters`)
    // Only what cannot be stored: each cell is checked as the field it fills, with its line.
    .superRefine(refuseUnsafeCharacters('The file', { multiline: true, verbatim: true })),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }),
});
export type ProductImportBody = z.infer<typeof productImportBodySchema>;

export const productImportRowSchema = z.object({
  line: z.number().int(),
  action: z.enum(['create', 'update']),
  /** The product updated, or null for a new one. */
  productId: z.number().int().nullable(),
  /** The product as it will be (for an update: its current values with the file's applied). */
  product: productFieldsSchema,
  /** Fields an update changes; empty when the row matches the product already. */
  changed: z.array(z.string()),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

export const importErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

export const productImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(productImportRowSchema),
  errors: z.array(importErrorSchema),
  /** What was written: both 0 for a dry run. */
  created: z.number().int(),
  updated: z.number().int(),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;
