import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { adminProductSchema, productImportResultSchema } from '@engine/admin-product-schemas.ts';
import { productSchema } from '@engine/api-schemas.ts';
import type { Fixture } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;
let cafeManager: string;
let staff: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin, cafeManager, staff },
  } = await openTestWorld(['admin', 'cafeManager', 'staff']));
});
afterAll(() => db.close());

const UPC_A = '036000291452';
const EAN_13 = '4006381333931';

const patch = (cookie: string, id: number, body: unknown) =>
  call(app, 'PATCH', `/api/admin/products/${id}`, { cookie, body });

const barcodeOf = async (id: number) =>
  (await db.query<{ barcode: string | null }>('SELECT barcode FROM products WHERE id = $1', [id]))[0]
    ?.barcode;

describe('assigning a barcode', () => {
  test('a valid code is stored without the spaces typed, and the count screens read it', async () => {
    const res = await patch(admin, fx.products.milk, { barcode: ' 0 36000 29145 2 ' });
    expect(res.status).toBe(200);
    expect(adminProductSchema.parse(res.json).barcode).toBe(UPC_A);

    const read = await call(app, 'GET', '/api/products', { cookie: staff });
    const products = productSchema.array().parse(read.json);
    expect(products.find((p) => p.id === fx.products.milk)?.barcode).toBe(UPC_A);
    expect(products.find((p) => p.id === fx.products.beans)?.barcode).toBeNull();
  });

  test('a wrong check digit is a 400 naming the digit, and nothing changes', async () => {
    const res = await patch(admin, fx.products.beans, { barcode: '4006381333932' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('barcode has a wrong check digit'),
    });
    expect(await barcodeOf(fx.products.beans)).toBeNull();
  });

  test('letters and wrong lengths are 400s too', async () => {
    for (const barcode of ['ABC123', '12345', '123456789012345']) {
      const res = await patch(admin, fx.products.beans, { barcode });
      expect(res.status).toBe(400);
    }
    expect(await barcodeOf(fx.products.beans)).toBeNull();
  });

  test("another product's code is a 409 naming that product, also written as its EAN-13", async () => {
    for (const barcode of [UPC_A, `0${UPC_A}`]) {
      const res = await patch(admin, fx.products.beans, { barcode });
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({
        code: 'conflict',
        message: `The barcode ${barcode} is already on Oat Milk.`,
      });
    }
    expect(await barcodeOf(fx.products.beans)).toBeNull();
  });

  test('the unique index holds even when the friendly check is skipped (two saves at once)', async () => {
    await expect(
      db.query('UPDATE products SET barcode = $1 WHERE id = $2', [`00${UPC_A}`, fx.products.beans]),
    ).rejects.toThrow();
    await expect(
      db.query('UPDATE products SET barcode = $1 WHERE id = $2', ['ABCDEFGH', fx.products.beans]),
    ).rejects.toThrow();
  });

  test('a new product may carry a code; a taken one is refused', async () => {
    const created = await call(app, 'POST', '/api/admin/products', {
      cookie: admin,
      body: { name: 'Chai', unit: 'carton', cafeOrderCategory: 'Tea', barcode: EAN_13 },
    });
    expect(created.status).toBe(201);
    expect(adminProductSchema.parse(created.json).barcode).toBe(EAN_13);
    const taken = await call(app, 'POST', '/api/admin/products', {
      cookie: admin,
      body: { name: 'Matcha', unit: 'tin', cafeOrderCategory: 'Tea', barcode: EAN_13 },
    });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ message: `The barcode ${EAN_13} is already on Chai.` });
  });

  test('clearing a code with null or an empty text frees it', async () => {
    const res = await patch(admin, fx.products.milk, { barcode: '' });
    expect(res.status).toBe(200);
    expect(await barcodeOf(fx.products.milk)).toBeNull();
    expect((await patch(admin, fx.products.beans, { barcode: UPC_A })).status).toBe(200);
    expect((await patch(admin, fx.products.beans, { barcode: null })).status).toBe(200);
    expect(await barcodeOf(fx.products.beans)).toBeNull();
  });

  test('only someone who may manage products assigns codes: a café manager and staff get 403', async () => {
    for (const cookie of [cafeManager, staff]) {
      const res = await patch(cookie, fx.products.beans, { barcode: UPC_A });
      expect(res.status).toBe(403);
    }
    expect(await barcodeOf(fx.products.beans)).toBeNull();
  });
});

describe('the product CSV import', () => {
  test('rows with a bad, repeated or taken code are reported with their line and nothing is imported', async () => {
    const before = await db.query('SELECT * FROM products ORDER BY id');
    const csv =
      'name,category,unit,barcode\n' +
      'Rooibos,Tea,tin,96385074\n' +
      'Sencha,Tea,tin,96385075\n' +
      'Genmaicha,Tea,tin,96385074\n' +
      `Hojicha,Tea,tin,${EAN_13}\n`;
    const res = await call(app, 'POST', '/api/admin/products/import', {
      cookie: admin,
      body: { csv, dryRun: false },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      message: expect.stringContaining('The file has 3 problems; nothing was imported. Line 3: barcode'),
      details: {
        errors: [
          { line: 3, message: expect.stringContaining('barcode has a wrong check digit') },
          { line: 4, message: "barcode '96385074' is already on line 2" },
          { line: 5, message: `barcode '${EAN_13}' belongs to 'Chai'` },
        ],
      },
    });
    expect(await db.query('SELECT * FROM products ORDER BY id')).toEqual(before);
  });

  test('a good file sets codes on new and existing products', async () => {
    const csv = `name,category,unit,barcode\nRooibos,Tea,tin,96385074\nOat Milk,Dairy,carton,${UPC_A}\n`;
    const res = await call(app, 'POST', '/api/admin/products/import', {
      cookie: admin,
      body: { csv, dryRun: false },
    });
    expect(res.status).toBe(200);
    expect(productImportResultSchema.parse(res.json)).toMatchObject({ created: 1, updated: 1 });
    expect(await barcodeOf(fx.products.milk)).toBe(UPC_A);
  });
});
