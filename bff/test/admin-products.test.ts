import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { adminProductSchema, productImportResultSchema } from '@engine/admin-product-schemas.ts';
import type { Fixture } from './fixtures.ts';
import { call } from './http.ts';
import { expectStaleEditRefused } from './stale-edit.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin },
  } = await openTestWorld(['admin']));
});
afterAll(() => db.close());

const send = (method: string, path: string, body?: unknown) =>
  call(app, method, path, { cookie: admin, body });

/** Everything an import could change, to prove a refused import changed nothing. */
async function snapshot(): Promise<unknown[]> {
  return [
    await db.query('SELECT * FROM products ORDER BY id'),
    await db.query('SELECT * FROM categories ORDER BY name'),
    await db.query('SELECT count(*)::int AS n FROM audit_log'),
  ];
}

describe('products', () => {
  test('the admin list includes retired products with their retirement time', async () => {
    const list = adminProductSchema.array().parse((await send('GET', '/api/admin/products')).json);
    expect(list.map((p) => p.name)).toEqual([
      'Cups 12oz',
      'Espresso Beans',
      'Oat Milk',
      'Retired Syrup',
      'Vanilla Syrup',
    ]);
    expect(list.find((p) => p.id === fx.products.retired)?.retiredAt).not.toBeNull();
    expect(list.find((p) => p.id === fx.products.beans)?.retiredAt).toBeNull();
  });

  test('create with defaults; a new category joins the category order at the end', async () => {
    const res = await send('POST', '/api/admin/products', {
      name: 'Chai Concentrate',
      unit: 'carton',
      cafeOrderCategory: 'Tea',
    });
    expect(res.status).toBe(201);
    const chai = adminProductSchema.parse(res.json);
    expect(chai).toMatchObject({
      sku: null,
      unitCost: 0,
      maximumStockQuantity: null,
      isDailyCount: false,
      retiredAt: null,
    });
    const order = await call(app, 'GET', '/api/admin/category-order', { cookie: admin });
    expect(order.json).toEqual([
      { category: 'Coffee', displayOrder: 1 },
      { category: 'Dairy', displayOrder: 2 },
      { category: 'Supplies', displayOrder: 3 },
      { category: 'Tea', displayOrder: 4 },
    ]);
    const [audit] = await db.query<{ action: string; after: { name: string } }>(
      `SELECT action, after FROM audit_log WHERE entity = 'product' AND entity_id = $1`,
      [String(chai.id)],
    );
    expect(audit).toMatchObject({ action: 'product.create', after: { name: 'Chai Concentrate' } });
  });

  test('a category typed in another case files the product under the existing one', async () => {
    const res = await send('POST', '/api/admin/products', {
      name: 'Lids',
      unit: 'sleeve',
      cafeOrderCategory: 'supplies',
    });
    expect(adminProductSchema.parse(res.json).cafeOrderCategory).toBe('Supplies');
  });

  test('a taken name or SKU (any case) is a 409 and nothing is written', async () => {
    await send('PATCH', `/api/admin/products/${fx.products.milk}`, { sku: 'VFD-1' });
    const before = await snapshot();
    const name = await send('POST', '/api/admin/products', {
      name: 'oat milk',
      unit: 'x',
      cafeOrderCategory: 'Dairy',
    });
    expect(name.status).toBe(409);
    expect(name.json).toEqual({ code: 'conflict', message: "A product named 'oat milk' already exists." });
    const sku = await send('PATCH', `/api/admin/products/${fx.products.beans}`, { sku: 'VFD-1' });
    expect(sku.status).toBe(409);
    expect(sku.json).toEqual({
      code: 'conflict',
      message: "The SKU 'VFD-1' is already used by another product.",
    });
    // Imports and the count search match SKUs in any case, so another case is the same SKU.
    const lower = await send('POST', '/api/admin/products', {
      name: 'Oat milk barista',
      unit: 'x',
      cafeOrderCategory: 'Dairy',
      sku: 'vfd-1',
    });
    expect(lower.json).toEqual({
      code: 'conflict',
      message: "The SKU 'vfd-1' is already used by another product.",
    });
    expect(await snapshot()).toEqual(before);
  });

  test('edit, retire and bring back; retiring hides it from the product list everyone reads', async () => {
    const edit = await send('PATCH', `/api/admin/products/${fx.products.syrup}`, {
      unitCost: 4.75,
      vendor: 'Sweet Drop',
    });
    expect(adminProductSchema.parse(edit.json)).toMatchObject({
      unitCost: 4.75,
      vendor: 'Sweet Drop',
      name: 'Vanilla Syrup',
    });

    const retire = await send('PATCH', `/api/admin/products/${fx.products.syrup}`, { retired: true });
    expect(adminProductSchema.parse(retire.json).retiredAt).not.toBeNull();
    const current = await call(app, 'GET', '/api/products', { cookie: admin });
    expect((current.json as { id: number }[]).map((p) => p.id)).not.toContain(fx.products.syrup);

    const back = await send('PATCH', `/api/admin/products/${fx.products.syrup}`, { retired: false });
    expect(adminProductSchema.parse(back.json).retiredAt).toBeNull();
    const actions = await db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'product' AND entity_id = $1 ORDER BY id`,
      [String(fx.products.syrup)],
    );
    expect(actions.map((a) => a.action)).toEqual(['product.update', 'product.retire', 'product.unretire']);
  });

  test('an edit made against a product changed since is refused, and changes nothing', async () => {
    await expectStaleEditRefused({
      what: 'product',
      read: async () =>
        adminProductSchema
          .array()
          .parse((await send('GET', '/api/admin/products')).json)
          .find((product) => product.id === fx.products.beans),
      patch: (body) => send('PATCH', `/api/admin/products/${fx.products.beans}`, body),
      first: { unitCost: 4.75 },
      second: { unitCost: 3 },
      snapshot,
    });
  });

  test('validation messages name the field', async () => {
    const create = (body: unknown) => send('POST', '/api/admin/products', body);
    expect((await create({ name: '', unit: 'x', cafeOrderCategory: 'Tea' })).json).toMatchObject({
      code: 'validation_failed',
      message: 'Name must not be empty',
    });
    expect(
      (await create({ name: 'A', unit: 'x', cafeOrderCategory: 'Tea', unitCost: -1 })).json,
    ).toMatchObject({
      message: 'Unit cost must be 0 or more',
    });
    expect(
      (await create({ name: 'A', unit: 'x', cafeOrderCategory: 'Tea', unitCost: '3' })).json,
    ).toMatchObject({
      message: 'Unit cost must be a number',
    });
    expect((await create({ name: 'A', cafeOrderCategory: 'Tea' })).json).toMatchObject({
      message: 'Unit must be text',
    });
    expect((await send('PATCH', '/api/admin/products/999999', { unit: 'x' })).status).toBe(404);
  });
});

describe('POST /api/admin/products/import', () => {
  const BAD_FILE = [
    'name,category,unit,unit_cost,maximum_stock_quantity',
    'Sugar Packets,Supplies,box,5,',
    ',Supplies,box,1,',
    'Napkins,Supplies,pack,-2,',
    'Stirrers,Supplies,box,abc,',
    'Sugar Packets,Supplies,box,5,',
  ].join('\r\n');

  test('a dry run lists every bad line and writes nothing', async () => {
    const before = await snapshot();
    const res = await send('POST', '/api/admin/products/import', { csv: BAD_FILE, dryRun: true });
    expect(res.status).toBe(200);
    const result = productImportResultSchema.parse(res.json);
    expect(result.errors).toEqual([
      { line: 3, message: 'name must not be empty' },
      { line: 4, message: 'unit_cost must be 0 or more (got -2)' },
      { line: 5, message: "unit_cost must be a number (got 'abc')" },
      { line: 6, message: "name 'Sugar Packets' is already on line 2" },
    ]);
    expect(result.rows.map((r) => [r.line, r.action])).toEqual([[2, 'create']]);
    expect(await snapshot()).toEqual(before);
  });

  test('a real run of a file with problems is a 400 listing every one, and writes nothing', async () => {
    const before = await snapshot();
    const res = await send('POST', '/api/admin/products/import', { csv: BAD_FILE, dryRun: false });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'validation_failed',
      message: 'The file has 4 problems; nothing was imported. Line 3: name must not be empty',
      details: {
        errors: [
          { line: 3, message: 'name must not be empty' },
          { line: 4, message: 'unit_cost must be 0 or more (got -2)' },
          { line: 5, message: "unit_cost must be a number (got 'abc')" },
          { line: 6, message: "name 'Sugar Packets' is already on line 2" },
        ],
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  test('a good file creates and updates in one go, with an audit row per product', async () => {
    const csv = [
      'name,category,unit,sku,unit_cost,is_daily_count',
      'Espresso Beans,Coffee,bag 1kg,HCR-9,19.5,yes', // update
      '"Cups 16oz, hot",Supplies,sleeve,,0.12,no', // create, quoted comma
      'Oat Milk,Dairy,carton,VFD-1,0,no', // no price is written as 0
      'Matcha,green tea,tin,,12,no', // create with a brand-new category
    ].join('\n');
    const preview = productImportResultSchema.parse(
      (await send('POST', '/api/admin/products/import', { csv, dryRun: true })).json,
    );
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => [r.line, r.action, r.changed])).toEqual([
      [2, 'update', ['sku', 'unit', 'unitCost', 'isDailyCount']],
      [3, 'create', []],
      [4, 'update', ['unit', 'unitCost']],
      [5, 'create', []],
    ]);
    expect(preview.created).toBe(0);

    const res = await send('POST', '/api/admin/products/import', { csv, dryRun: false });
    expect(res.status).toBe(200);
    const result = productImportResultSchema.parse(res.json);
    expect([result.created, result.updated]).toEqual([2, 2]);

    const products = adminProductSchema.array().parse((await send('GET', '/api/admin/products')).json);
    expect(products.find((p) => p.id === fx.products.beans)).toMatchObject({
      unit: 'bag 1kg',
      sku: 'HCR-9',
      unitCost: 19.5,
      isDailyCount: true,
      cafeOrderCategory: 'Coffee',
      maximumStockQuantity: 10, // not in the file: kept
    });
    expect(products.find((p) => p.name === 'Cups 16oz, hot')).toMatchObject({ unitCost: 0.12, sku: null });
    expect(products.find((p) => p.name === 'Matcha')?.cafeOrderCategory).toBe('green tea');
    const categories = await call(app, 'GET', '/api/admin/category-order', { cookie: admin });
    expect((categories.json as { category: string }[]).map((c) => c.category)).toContain('green tea');

    const audits = await db.query<{ action: string; entity_id: string }>(
      `SELECT action, entity_id FROM audit_log WHERE entity = 'product' AND after->>'source' = 'csv' ORDER BY id`,
    );
    expect(audits.map((a) => a.action).sort()).toEqual([
      'product.create',
      'product.create',
      'product.update',
      'product.update',
    ]);
    expect(audits.map((a) => a.entity_id)).toContain(String(fx.products.beans));
  });

  test('a file that is not CSV at all, or has the wrong columns, is refused with its line', async () => {
    const broken = await send('POST', '/api/admin/products/import', {
      csv: 'name,category,unit\n"Beans,Coffee,bag',
      dryRun: false,
    });
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({
      message: 'The file has 1 problem; nothing was imported. Line 2: a quoted cell is never closed',
    });
    const columns = await send('POST', '/api/admin/products/import', {
      csv: 'product,colour\nBeans,red',
      dryRun: true,
    });
    expect(productImportResultSchema.parse(columns.json).errors.map((e) => e.line)).toEqual([1, 1, 1]);
    expect((await send('POST', '/api/admin/products/import', { csv: 'x' })).json).toMatchObject({
      message: 'dryRun must be true or false',
    });
  });
});
