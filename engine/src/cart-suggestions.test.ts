import { describe, expect, test } from 'bun:test';
import { buildCartSuggestions, hasConfirmedCount, type SuggestionSource } from './cart-suggestions.ts';

const source = (productId: number, overrides: Partial<SuggestionSource> = {}): SuggestionSource => ({
  productId,
  par: 10,
  count: 4,
  confirmed: true,
  maximumStockQuantity: null,
  lifecycle: 'active',
  boughtWhole: false,
  ...overrides,
});

describe('buildCartSuggestions', () => {
  test('PAR minus count for each product', () => {
    expect(buildCartSuggestions([source(1), source(2, { par: 3, count: 1 })])).toEqual([
      { productId: 1, quantity: 6, needed: 6 },
      { productId: 2, quantity: 2, needed: 2 },
    ]);
  });

  test('caps at maximumStockQuantity', () => {
    expect(buildCartSuggestions([source(1, { maximumStockQuantity: 4 })])).toEqual([
      { productId: 1, quantity: 4, needed: 4 },
    ]);
  });

  test('a product bought whole is ordered in whole units, with the exact need beside it', () => {
    expect(
      buildCartSuggestions([
        source(1, { par: 2, count: 1.5, boughtWhole: true }),
        source(2, { par: 3, count: 1, boughtWhole: true }),
        source(3, { par: 3.01, count: 1, boughtWhole: true }),
        source(4, { par: 9, count: 1.5, maximumStockQuantity: 4.5, boughtWhole: true }),
      ]),
    ).toEqual([
      { productId: 1, quantity: 1, needed: 0.5 },
      { productId: 2, quantity: 2, needed: 2 },
      { productId: 3, quantity: 3, needed: 2.01 },
      { productId: 4, quantity: 4, needed: 4.5 },
    ]);
  });

  test('a product bought in parts keeps the exact need', () => {
    expect(buildCartSuggestions([source(1, { par: 2, count: 1.5 })])).toEqual([
      { productId: 1, quantity: 0.5, needed: 0.5 },
    ]);
  });

  test('discontinued products are left out; phasing out and new ones are not', () => {
    expect(
      buildCartSuggestions([
        source(1, { lifecycle: 'discontinued' }),
        source(2, { lifecycle: 'phasing_out' }),
        source(3, { lifecycle: 'new' }),
      ]).map((line) => line.productId),
    ).toEqual([2, 3]);
  });

  test('a suggestion of 0 is not a line', () => {
    expect(buildCartSuggestions([source(1, { count: 10 }), source(2, { count: 12 })])).toEqual([]);
  });

  test('no PAR, no count or an unconfirmed count: no line', () => {
    expect(
      buildCartSuggestions([
        source(1, { par: 0 }),
        source(2, { count: null }),
        source(3, { confirmed: false }),
      ]),
    ).toEqual([]);
  });
});

describe('whether a count gives Suggest Orders anything to go on', () => {
  test('a confirmed count of a product still ordered does; typed but unconfirmed, uncounted or discontinued does not', () => {
    expect(hasConfirmedCount([source(1, { count: 3, confirmed: true })])).toBe(true);
    expect(hasConfirmedCount([source(1, { count: 0, confirmed: false })])).toBe(false);
    expect(hasConfirmedCount([source(1, { count: null, confirmed: true })])).toBe(false);
    expect(hasConfirmedCount([source(1, { count: 2, confirmed: true, lifecycle: 'discontinued' })])).toBe(
      false,
    );
    expect(hasConfirmedCount([])).toBe(false);
  });
});
