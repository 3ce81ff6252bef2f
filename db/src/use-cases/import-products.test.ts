import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import type { ProductImportRow } from '@engine/admin-product-schemas.ts';
import { nameKeyAsTyped } from '@engine/product-csv-rows.ts';
import { importConflict } from './import-products.ts';

// The plan matches names as the unique indexes do; a refusal it did not foresee still names its line.
let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  await db.query(
    `INSERT INTO products (name, sku, cafe_order_category) VALUES ('\u03a3\u0391\u03a3 tea', 'TEA-1', 'Tea')`,
  );
});
afterAll(() => db.close());

async function refusalOf(name: string, sku: string | null): Promise<unknown> {
  try {
    await db.query(`INSERT INTO products (name, sku, cafe_order_category) VALUES ($1, $2, 'Tea')`, [
      name,
      sku,
    ]);
  } catch (error) {
    return error;
  }
  throw new Error('the insert was not refused');
}

const row = (line: number, name: string, sku: string | null = null): ProductImportRow => ({
  line,
  action: 'create',
  productId: null,
  product: {
    name,
    sku,
    unit: 'each',
    cafeOrderCategory: 'Tea',
    orderSubcategory: null,
    maximumStockQuantity: null,
    unitCost: 0,
    vendor: null,
    isDailyCount: false,
    barcode: null,
  },
  changed: [],
});

describe('importConflict', () => {
  test('names the line and the name the database refused', async () => {
    const error = await refusalOf('\u03c3\u03b1\u03c3 tea', null);
    const rows = [row(2, 'Green tea'), row(3, '\u03c3\u03b1\u03c3 tea')];
    expect(importConflict(error, rows, nameKeyAsTyped)?.message).toBe(
      "Line 3: a product named '\u03c3\u03b1\u03c3 tea' already exists; nothing was imported.",
    );
  });

  test('names the line and the SKU the database refused', async () => {
    const error = await refusalOf('Black tea', 'tea-1');
    const rows = [row(2, 'Green tea', 'TEA-2'), row(5, 'Black tea', 'tea-1')];
    expect(importConflict(error, rows, nameKeyAsTyped)?.message).toBe(
      "Line 5: the SKU 'tea-1' is already used by another product; nothing was imported.",
    );
  });

  test('without a row to name, still says what happened; other errors are not its business', async () => {
    const error = await refusalOf('\u03c3\u03b1\u03c3 tea', null);
    expect(importConflict(error, [], nameKeyAsTyped)?.message).toBe(
      'A row of the file has the name, SKU or barcode of another product; nothing was imported.',
    );
    expect(importConflict(new Error('connection lost'), [], nameKeyAsTyped)).toBeNull();
  });
});
