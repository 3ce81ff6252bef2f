import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { z } from 'zod';
import { compactProductSchema, type Product, productSchema } from './api-schemas.ts';
import { compactProducts, expandProducts, PRODUCT_DEFAULTS } from './compact-products.ts';
import { compileFastCheck } from './schema-fast-check.ts';

const text = fc.string({ minLength: 1, maxLength: 12 });
const orNull = <T>(value: fc.Arbitrary<T>) => fc.oneof(fc.constant(null), value);

const product: fc.Arbitrary<Product> = fc.record({
  id: fc.integer({ min: 1, max: 2_000_000 }),
  name: text,
  sku: orNull(text),
  unit: text,
  cafeOrderCategory: text,
  orderSubcategory: orNull(text),
  maximumStockQuantity: orNull(fc.double({ min: 0, max: 1e6, noNaN: true })),
  unitCost: fc.double({ min: 0, max: 1e6, noNaN: true }),
  vendor: orNull(text),
  isDailyCount: fc.boolean(),
  barcode: orNull(fc.constantFrom('4006381333931', '036000291452')),
});

describe('the compact product list', () => {
  test('expanding the compact list gives the list back, and the compact one is a valid answer', () => {
    fc.assert(
      fc.property(fc.array(product, { maxLength: 5 }), (products) => {
        const compact = compactProducts(products);
        expect(z.array(compactProductSchema).parse(compact)).toEqual(compact);
        expect(expandProducts(compact)).toEqual(products);
        expect(z.array(productSchema).parse(expandProducts(compact))).toEqual(products);
      }),
    );
  });

  test('a product without details is its id, name, unit, category and cost', () => {
    const bare = { id: 3, name: 'Oat Milk', unit: 'carton', cafeOrderCategory: 'Dairy', unitCost: 2.5 };
    expect(compactProducts([{ ...bare, ...PRODUCT_DEFAULTS }])).toEqual([bare]);
    // A daily count and an empty-looking value that is not the default are kept.
    expect(
      compactProducts([{ ...bare, ...PRODUCT_DEFAULTS, isDailyCount: true, maximumStockQuantity: 0 }]),
    ).toEqual([{ ...bare, isDailyCount: true, maximumStockQuantity: 0 }]);
  });

  test('the fast answer check compiles the compact list and refuses a product without a required field', () => {
    const check = compileFastCheck(z.array(compactProductSchema));
    expect(check).not.toBeNull();
    const bare = { id: 3, name: 'Oat Milk', unit: 'carton', cafeOrderCategory: 'Dairy', unitCost: 2.5 };
    expect(check?.([bare, { ...bare, id: 4, sku: 'OM-1' }])).toBe(true);
    const { unitCost: _cost, ...noCost } = bare;
    expect(check?.([noCost])).toBe(false);
    expect(check?.([{ ...bare, sku: 5 }])).toBe(false);
  });
});
