import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { cartTotals, sumMoney } from './cart-totals.ts';

describe('sumMoney', () => {
  test('adds in cents: 0.1 + 0.2 is 0.3', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
  });

  test('nothing adds up to 0', () => {
    expect(sumMoney([])).toBe(0);
  });

  test('property: the sum of cent amounts equals the sum of their cents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 })), (cents) => {
        const expected = cents.reduce((a, b) => a + b, 0) / 100;
        return sumMoney(cents.map((c) => c / 100)) === expected;
      }),
    );
  });
});

describe('cartTotals', () => {
  test('counts lines and totals their line totals', () => {
    expect(cartTotals([{ lineTotal: 12.5 }, { lineTotal: 0.35 }])).toEqual({ lineCount: 2, total: 12.85 });
  });
});
