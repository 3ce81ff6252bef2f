import { describe, expect, test } from 'bun:test';
import {
  amountProblem,
  createProductBodySchema,
  MAX_PRODUCT_AMOUNT,
  MAX_UNIT_COST,
  productFieldsSchema,
  updateProductBodySchema,
} from './admin-product-schemas.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('amountProblem', () => {
  test('0 and cents are fine; negatives, fractions of a cent and overflow are not', () => {
    const cap = (value: number) => amountProblem(value, 'maximumStockQuantity');
    expect(cap(0)).toBeNull();
    expect(cap(1.15)).toBeNull();
    expect(cap(MAX_PRODUCT_AMOUNT)).toBeNull();
    expect(cap(-0.01)).toBe('must be 0 or more');
    expect(cap(1.005)).toBe('must have at most 2 decimal places');
    expect(cap(MAX_PRODUCT_AMOUNT + 1)).toBe(`must be at most ${MAX_PRODUCT_AMOUNT}`);
    expect(cap(Number.NaN)).toBe('must be a number');
  });

  test('a unit cost above $100,000 is a typo, not a price', () => {
    expect(amountProblem(MAX_UNIT_COST, 'unitCost')).toBeNull();
    expect(amountProblem(MAX_UNIT_COST + 0.01, 'unitCost')).toBe('must be at most $100,000');
    expect(firstMessage(updateProductBodySchema.safeParse({ unitCost: 1_000_000_000 }))).toBe(
      'Unit cost must be at most $100,000',
    );
  });
});

describe('product bodies', () => {
  test('the form must give a unit cost, 0 included; a blank cap is none', () => {
    const { unitCost, maximumStockQuantity } = productFieldsSchema.shape;
    expect(firstMessage(unitCost.safeParse(null))).toBe('Enter the unit cost (0 when there is none)');
    expect(firstMessage(unitCost.safeParse('abc'))).toBe('Unit cost must be a number');
    expect(firstMessage(unitCost.safeParse(-1))).toBe('Unit cost must be 0 or more');
    expect(unitCost.parse(0)).toBe(0);
    expect(maximumStockQuantity.parse(null)).toBeNull();
  });

  test('a new product needs name, unit and category; the rest default and blank text is null', () => {
    expect(
      createProductBodySchema.parse({
        name: ' Oat Milk ',
        unit: 'carton',
        cafeOrderCategory: 'Dairy',
        vendor: '  ',
      }),
    ).toEqual({
      name: 'Oat Milk',
      sku: null,
      unit: 'carton',
      cafeOrderCategory: 'Dairy',
      orderSubcategory: null,
      maximumStockQuantity: null,
      unitCost: 0,
      vendor: null,
      isDailyCount: false,
      barcode: null,
    });
    expect(firstMessage(createProductBodySchema.safeParse({ unit: 'x', cafeOrderCategory: 'Dairy' }))).toBe(
      'Name must be text',
    );
  });

  test('a name with U+FFFD, a letter lost to a wrong encoding, is refused with the way out', () => {
    expect(
      firstMessage(
        createProductBodySchema.safeParse({
          name: 'Gruy\uFFFDre',
          unit: 'each',
          cafeOrderCategory: 'Bakery',
        }),
      ),
    ).toBe(
      'Name holds �, the mark of a letter lost by reading text in the wrong encoding; type the letter again, or save the file as CSV UTF-8',
    );
  });

  test('an edit may change any one field, or retire; nothing at all or unknown fields are refused', () => {
    expect(updateProductBodySchema.parse({ retired: true })).toEqual({ retired: true });
    expect(updateProductBodySchema.parse({ maximumStockQuantity: null })).toEqual({
      maximumStockQuantity: null,
    });
    expect(firstMessage(updateProductBodySchema.safeParse({}))).toBe('Send at least one field to change.');
    expect(firstMessage(updateProductBodySchema.safeParse({ price: 1 }))).toBe('Unknown field: price');
    expect(firstMessage(updateProductBodySchema.safeParse({ unitCost: -3 }))).toBe(
      'Unit cost must be 0 or more',
    );
  });
});
