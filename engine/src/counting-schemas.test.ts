import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  confirmCountItemsBodySchema,
  countEditSchema,
  MAX_BATCH_ITEMS,
  MAX_COUNT,
  nightlyDateSchema,
  quantityProblem,
  saveCountItemsBodySchema,
  typedAtSchema,
  updateParsBodySchema,
} from './counting-schemas.ts';
import { MAX_PAR } from './par-import-rows.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

const TYPED_AT = '2025-03-01T14:05:00.000Z';
const edit = (overrides: Record<string, unknown> = {}) => ({
  productId: 4,
  count: 2.5,
  confirmed: false,
  typedAt: TYPED_AT,
  ...overrides,
});

describe('quantityProblem', () => {
  test.each([0, 0.25, 0.5, 0.75, 1, 12.25, MAX_COUNT])('accepts %p', (value) => {
    expect(quantityProblem(value)).toBeNull();
  });

  test('a PAR has its own, lower maximum (the one the PAR import applies)', () => {
    expect(quantityProblem(MAX_PAR, MAX_PAR)).toBeNull();
    expect(quantityProblem(MAX_PAR + 0.25, MAX_PAR)).toBe(
      `must be at most ${MAX_PAR.toLocaleString('en-US')}`,
    );
  });

  test.each([
    [-0.25, 'cannot be negative'],
    [0.1, 'must be a whole number or end in .25, .5 or .75'],
    [2.3, 'must be a whole number or end in .25, .5 or .75'],
    [100_000.25, 'must be at most 100,000'],
    [Number.POSITIVE_INFINITY, 'must be a number'],
    [Number.NaN, 'must be a number'],
  ])('refuses %p: %s', (value, problem) => {
    expect(quantityProblem(value)).toBe(problem);
  });

  test('every quarter from 0 to the maximum is accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400_000 }), (quarters) => quantityProblem(quarters / 4) === null),
    );
  });

  test('no value between two quarters is accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 399_999 }), fc.integer({ min: 1, max: 24 }), (quarters, part) => {
        return quantityProblem((quarters + part / 25) / 4) !== null;
      }),
    );
  });
});

describe('countEditSchema', () => {
  test('accepts a count, a cleared count (null) and a confirmation', () => {
    expect(countEditSchema.parse(edit())).toEqual(edit());
    expect(countEditSchema.parse(edit({ count: null }))).toMatchObject({ count: null });
    expect(countEditSchema.parse(edit({ confirmed: true }))).toMatchObject({ confirmed: true });
  });

  test('a bad count names the product and the rule', () => {
    expect(messagesOf(countEditSchema.safeParse(edit({ count: -1 })))).toEqual([
      'The count of product 4 cannot be negative',
    ]);
    expect(messagesOf(countEditSchema.safeParse(edit({ count: 1.1 })))).toEqual([
      'The count of product 4 must be a whole number or end in .25, .5 or .75',
    ]);
  });

  test('an unknown field is refused rather than silently ignored', () => {
    const result = countEditSchema.safeParse({ ...edit(), quantity: 3 });
    expect(result.success).toBe(false);
  });
});

describe('typedAtSchema', () => {
  test.each(['2025-03-01T14:05:00Z', '2025-03-01T14:05:00.123456Z', '2025-03-01T09:05:00-05:00'])(
    'accepts %p',
    (value) => {
      expect(typedAtSchema.safeParse(value).success).toBe(true);
    },
  );

  test.each(['2025-03-01', 'yesterday', '2025-02-30T10:00:00Z', 1740837900000])('refuses %p', (value) => {
    expect(messagesOf(typedAtSchema.safeParse(value))).toEqual([
      'typedAt must be a date and time such as 2025-03-01T14:05:00.000Z',
    ]);
  });
});

describe('nightlyDateSchema', () => {
  test('accepts a calendar day and refuses impossible ones', () => {
    expect(nightlyDateSchema.parse('2024-02-29')).toBe('2024-02-29');
    expect(messagesOf(nightlyDateSchema.safeParse('2025-02-29'))).toEqual([
      'date must be a calendar day such as 2025-03-01',
    ]);
    expect(nightlyDateSchema.safeParse('2025-3-1').success).toBe(false);
  });
});

describe('saveCountItemsBodySchema', () => {
  test('sessionId must be sent, as a number or null', () => {
    expect(saveCountItemsBodySchema.parse({ locationId: 1, sessionId: null, items: [edit()] })).toMatchObject(
      {
        sessionId: null,
      },
    );
    expect(messagesOf(saveCountItemsBodySchema.safeParse({ locationId: 1, items: [edit()] }))).toEqual([
      'sessionId is required',
    ]);
  });

  test('the batch holds 1 to MAX_BATCH_ITEMS items; repeated products are allowed (latest typed wins)', () => {
    const body = (items: unknown[]) => ({ locationId: 1, sessionId: 3, items });
    expect(messagesOf(saveCountItemsBodySchema.safeParse(body([])))).toEqual(['Send at least one item']);
    const tooMany = Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => edit({ productId: i + 1 }));
    expect(messagesOf(saveCountItemsBodySchema.safeParse(body(tooMany)))).toEqual([
      `Send at most ${MAX_BATCH_ITEMS} items at a time`,
    ]);
    expect(saveCountItemsBodySchema.safeParse(body([edit(), edit()])).success).toBe(true);
  });
});

describe('updateParsBodySchema', () => {
  const body = (items: unknown[]) => ({ locationId: '2', items });

  test('a PAR, lifecycle, stock status or backordered flag, in any combination', () => {
    expect(
      updateParsBodySchema.parse(
        body([
          { productId: 1, par: 4.75 },
          { productId: 2, lifecycle: 'phasing_out', backordered: true },
        ]),
      ),
    ).toEqual({
      locationId: 2,
      items: [
        { productId: 1, par: 4.75 },
        { productId: 2, lifecycle: 'phasing_out', backordered: true },
      ],
    });
  });

  test('an item that changes nothing is refused', () => {
    expect(messagesOf(updateParsBodySchema.safeParse(body([{ productId: 7 }])))).toEqual([
      'Product 7 has nothing to change: send par, lifecycle, stockStatus or backordered',
    ]);
  });

  test('a change may carry when it was typed; a typing time alone changes nothing', () => {
    expect(updateParsBodySchema.parse(body([{ productId: 1, par: 3, typedAt: TYPED_AT }])).items).toEqual([
      { productId: 1, par: 3, typedAt: TYPED_AT },
    ]);
    expect(messagesOf(updateParsBodySchema.safeParse(body([{ productId: 7, typedAt: TYPED_AT }])))).toEqual([
      'Product 7 has nothing to change: send par, lifecycle, stockStatus or backordered',
    ]);
    expect(
      messagesOf(updateParsBodySchema.safeParse(body([{ productId: 7, par: 1, typedAt: 'yesterday' }]))),
    ).toEqual(['typedAt must be a date and time such as 2025-03-01T14:05:00.000Z']);
  });

  test('bad values name the product or list the valid ones', () => {
    expect(messagesOf(updateParsBodySchema.safeParse(body([{ productId: 7, par: -2 }])))).toEqual([
      'The PAR of product 7 cannot be negative',
    ]);
    expect(messagesOf(updateParsBodySchema.safeParse(body([{ productId: 7, par: MAX_PAR + 1 }])))).toEqual([
      `The PAR of product 7 must be at most ${MAX_PAR.toLocaleString('en-US')}`,
    ]);
    expect(messagesOf(updateParsBodySchema.safeParse(body([{ productId: 7, lifecycle: 'gone' }])))).toEqual([
      'lifecycle must be one of active, new, phasing_out, discontinued',
    ]);
    expect(messagesOf(updateParsBodySchema.safeParse(body([{ productId: 7, stockStatus: 'none' }])))).toEqual(
      ['stockStatus must be one of in_stock, low, out'],
    );
  });

  test('a product twice in one batch is refused: which value was meant is unknowable', () => {
    const result = updateParsBodySchema.safeParse(
      body([
        { productId: 7, par: 1 },
        { productId: 7, par: 2 },
      ]),
    );
    expect(messagesOf(result)).toEqual(['Each product may appear once per request; repeated: 7']);
  });
});

describe('confirmCountItemsBodySchema', () => {
  test('productIds, when sent, are 1 to MAX_BATCH_ITEMS distinct ids', () => {
    const body = (productIds: unknown) => ({ locationId: 1, sessionId: 9, productIds });
    expect(confirmCountItemsBodySchema.parse(body([3, 4]))).toMatchObject({ productIds: [3, 4] });
    expect(messagesOf(confirmCountItemsBodySchema.safeParse(body([])))).toEqual([
      'Send at least one product',
    ]);
    expect(messagesOf(confirmCountItemsBodySchema.safeParse(body([3, 3])))).toEqual([
      'Each product may appear once per request; repeated: 3',
    ]);
  });

  test('confirming without productIds means every counted item', () => {
    expect(confirmCountItemsBodySchema.parse({ locationId: 1, sessionId: 9 })).toEqual({
      locationId: 1,
      sessionId: 9,
    });
  });
});
