import { describe, expect, mock, test } from 'bun:test';
import { productSchema } from '@engine/api-schemas.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { z } from 'zod';
import { call } from './api-client.ts';
import { checkLargeAnswersFast } from './fast-answer-checks.ts';

const product = {
  id: 1,
  name: 'Beans',
  sku: null,
  unit: 'bag',
  cafeOrderCategory: 'Coffee',
  orderSubcategory: null,
  maximumStockQuantity: null,
  unitCost: 12,
  vendor: null,
  isDailyCount: false,
  barcode: null,
};

// The product list's declaration with zod's parse counted.
const schema = z.array(productSchema);
const parse = mock(schema.parse.bind(schema));
Object.defineProperty(schema, 'parse', { value: parse });
const products = { ...referenceEndpoints.products, response: schema };

describe('large answers checked without zod', () => {
  test('a valid product list is accepted as it came, without zod; a broken one still fails with zod', async () => {
    checkLargeAnswersFast([products]);
    installFakeFetch(() => json([product]));
    expect(await call(products, {})).toEqual([product]);
    expect(parse).not.toHaveBeenCalled();

    installFakeFetch(() => json([{ ...product, unitCost: 'twelve' }]));
    await expect(call(products, {})).rejects.toThrow(/unitCost/);
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
