import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { adminCategorySchema } from '@engine/admin-category-schemas.ts';
import { adminDistrictSchema } from '@engine/admin-location-schemas.ts';
import { adminProductSchema, productImportResultSchema } from '@engine/admin-product-schemas.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

// Decision 105: names that look the same are one name, on PGlite and on PostgreSQL.

let db: Db;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  ({
    db,
    app,
    cookies: { admin },
  } = await openTestWorld(['admin']));
});
afterAll(() => db.close());

const send = (method: string, path: string, body?: unknown) =>
  call(app, method, path, { cookie: admin, body });

const COMPOSED = 'Caf\u00e9';
const DECOMPOSED = 'Cafe\u0301';

const invisible = (field: string, what: string) =>
  `${field} holds an invisible character (${what}); type it again without it`;

describe('districts', () => {
  test('a name typed with a decomposed accent is the district of that name: a 409', async () => {
    const first = await send('POST', '/api/admin/districts', { name: COMPOSED });
    expect(first.status).toBe(201);
    const second = await send('POST', '/api/admin/districts', { name: DECOMPOSED });
    expect(second.status).toBe(409);
    expect(second.json).toEqual({
      code: 'conflict',
      message: `A district named '${COMPOSED}' already exists.`,
    });
    const created = await send('POST', '/api/admin/districts', { name: `Up${DECOMPOSED}` });
    expect(adminDistrictSchema.parse(created.json).name).toBe(`Up${COMPOSED}`);
  });

  test('a zero-width space in a name is a 400 naming it, and nothing is written', async () => {
    const res = await send('POST', '/api/admin/districts', { name: 'Down\u200btown' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation_failed',
      message: invisible('Name', 'U+200B zero-width space'),
    });
    expect(await db.query(`SELECT 1 FROM districts WHERE name LIKE 'Down%'`)).toEqual([]);
  });
});

describe('products and categories', () => {
  test('a category typed with a decomposed accent files under the one typed composed', async () => {
    const first = await send('POST', '/api/admin/products', {
      name: 'Stir Sticks',
      unit: 'box',
      cafeOrderCategory: `${COMPOSED} Supplies`,
    });
    expect(first.status).toBe(201);
    const second = await send('POST', '/api/admin/products', {
      name: 'Straws',
      unit: 'box',
      cafeOrderCategory: `${DECOMPOSED} Supplies`,
    });
    expect(adminProductSchema.parse(second.json).cafeOrderCategory).toBe(`${COMPOSED} Supplies`);
    const categories = adminCategorySchema.array().parse((await send('GET', '/api/admin/categories')).json);
    expect(categories.filter((c) => c.category.normalize('NFC') === `${COMPOSED} Supplies`)).toEqual([
      expect.objectContaining({ category: `${COMPOSED} Supplies`, productCount: 2 }),
    ]);
  });

  test('renaming a category to a look-alike of another is refused', async () => {
    const categories = adminCategorySchema.array().parse((await send('GET', '/api/admin/categories')).json);
    const res = await send('PUT', '/api/admin/categories', {
      categories: categories.map(({ category }) =>
        category === 'Coffee' ? { category, rename: `${DECOMPOSED} Supplies` } : { category },
      ),
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: `Two categories would be called '${COMPOSED} Supplies'` });
    const tea = await send('PUT', '/api/admin/categories', {
      categories: categories.map(({ category }) =>
        category === 'Coffee' ? { category, rename: 'Tea\u200b' } : { category },
      ),
    });
    expect(tea.json).toMatchObject({ message: invisible('rename', 'U+200B zero-width space') });
  });

  test('a product name or SKU typed with a decomposed accent is taken: a 409', async () => {
    const create = (name: string, sku: string) =>
      send('POST', '/api/admin/products', { name, sku, unit: 'bag', cafeOrderCategory: 'Coffee' });
    expect((await create(`${COMPOSED} Blend`, `SKU-${COMPOSED}`)).status).toBe(201);
    const name = await create(`${DECOMPOSED} Blend`, 'SKU-2');
    expect(name.status).toBe(409);
    expect(name.json).toEqual({
      code: 'conflict',
      message: `A product named '${COMPOSED} Blend' already exists.`,
    });
    const sku = await create('House Blend', `SKU-${DECOMPOSED}`);
    expect(sku.status).toBe(409);
    expect(sku.json).toEqual({
      code: 'conflict',
      message: `The SKU 'SKU-${COMPOSED}' is already used by another product.`,
    });
  });

  test('invisible characters in a product are refused with what was found', async () => {
    const create = (fields: Record<string, string>) =>
      send('POST', '/api/admin/products', {
        name: 'Cold Cup',
        unit: 'sleeve',
        cafeOrderCategory: 'Supplies',
        ...fields,
      });
    const zeroWidth = await create({ name: 'Cups 12oz\u200b' });
    expect(zeroWidth.status).toBe(400);
    expect(zeroWidth.json).toMatchObject({ message: invisible('Name', 'U+200B zero-width space') });
    const override = await create({ name: '\u202Eyad doog a evah\u202C Latte' });
    expect(override.json).toMatchObject({ message: invisible('Name', 'U+202E text direction control') });
    const category = await create({ cafeOrderCategory: 'Tea\u200b' });
    expect(category.json).toMatchObject({ message: invisible('Category', 'U+200B zero-width space') });
    expect(await db.query(`SELECT 1 FROM products WHERE name = 'Cold Cup'`)).toEqual([]);
  });
});

describe('product import matches names as the database compares them', () => {
  const importCsv = (csv: string, dryRun: boolean) =>
    send('POST', '/api/admin/products/import', { csv, dryRun });

  test("'σασ tea' beside 'ΣΑΣ tea': the dry run and the import both update it", async () => {
    const created = await send('POST', '/api/admin/products', {
      name: '\u03a3\u0391\u03a3 tea',
      unit: 'tin',
      cafeOrderCategory: 'Tea',
    });
    const tea = adminProductSchema.parse(created.json);
    const csv = 'name,unit,category\n\u03c3\u03b1\u03c3 tea,each,Tea\n';
    const preview = productImportResultSchema.parse((await importCsv(csv, true)).json);
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => [r.line, r.action, r.productId])).toEqual([[2, 'update', tea.id]]);

    const res = await importCsv(csv, false);
    expect(res.status).toBe(200);
    const result = productImportResultSchema.parse(res.json);
    expect([result.created, result.updated]).toEqual([0, 1]);
    expect(result.rows).toEqual(preview.rows.map((row) => ({ ...row })));
    expect(await db.query('SELECT name, unit FROM products WHERE id = $1', [tea.id])).toEqual([
      { name: '\u03c3\u03b1\u03c3 tea', unit: 'each' },
    ]);
  });

  test("'İSTANBUL' and 'istanbul' in one file: both runs refuse the second line, naming it", async () => {
    const csv = 'name,unit,category\n\u0130STANBUL,each,Tea\nistanbul,each,Tea\n';
    const error = { line: 3, message: "name 'istanbul' is already on line 2" };
    const preview = productImportResultSchema.parse((await importCsv(csv, true)).json);
    expect(preview.errors).toEqual([error]);
    const res = await importCsv(csv, false);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'validation_failed',
      message: `The file has 1 problem; nothing was imported. Line 3: ${error.message}`,
      details: { errors: [error] },
    });
    expect(await db.query(`SELECT 1 FROM products WHERE lower(name) = 'istanbul'`)).toEqual([]);
  });

  test('a cell with a decomposed accent updates the product of that name; an invisible one is refused', async () => {
    const csv = `name,unit,category\n${DECOMPOSED} Blend,bag 1kg,Coffee\n`;
    const preview = productImportResultSchema.parse((await importCsv(csv, true)).json);
    expect(preview.rows.map((r) => [r.action, r.product.name, r.changed])).toEqual([
      ['update', `${COMPOSED} Blend`, ['unit']],
    ]);
    const hidden = productImportResultSchema.parse(
      (await importCsv('name,unit,category\n12 oz Cold Cup\u200b,each,Supplies\n', true)).json,
    );
    expect(hidden.errors).toEqual([{ line: 2, message: invisible('name', 'U+200B zero-width space') }]);
  });
});
