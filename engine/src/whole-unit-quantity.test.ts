import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { orderQuantityForNeed } from './whole-unit-quantity.ts';

const whole = (maximumStockQuantity: number | null = null) => ({ boughtWhole: true, maximumStockQuantity });

describe('orderQuantityForNeed', () => {
  test('an exact whole number stays as it is', () => {
    expect(orderQuantityForNeed(3, whole())).toBe(3);
    expect(orderQuantityForNeed(0, whole())).toBe(0);
  });

  test('0.01 over a whole number rounds up to the next one', () => {
    expect(orderQuantityForNeed(3.01, whole())).toBe(4);
    expect(orderQuantityForNeed(0.01, whole())).toBe(1);
  });

  test('half a case of 500 is ordered as one case', () => {
    expect(orderQuantityForNeed(0.5, whole())).toBe(1);
  });

  test('float noise just above a whole number does not order an extra unit', () => {
    expect(orderQuantityForNeed(0.1 + 0.2 + 2.7, whole())).toBe(3);
  });

  test('caps at maximumStockQuantity after rounding', () => {
    expect(orderQuantityForNeed(3.5, whole(4))).toBe(4);
    expect(orderQuantityForNeed(4, whole(4))).toBe(4);
    // A need of 2.5 capped at 2.5 would round to 3, above the cap: the cap wins, taken down to whole units.
    expect(orderQuantityForNeed(2.5, whole(2.5))).toBe(2);
  });

  test('a product bought in parts orders the exact need', () => {
    expect(orderQuantityForNeed(2.25, { boughtWhole: false, maximumStockQuantity: null })).toBe(2.25);
  });

  test('whole, never below the need unless the cap says so, never above the cap', () => {
    const cents = fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 100);
    fc.assert(
      fc.property(cents, fc.option(cents, { nil: null }), (need, cap) => {
        const capped = cap === null ? need : Math.min(need, cap);
        const quantity = orderQuantityForNeed(capped, whole(cap));
        expect(Number.isInteger(quantity)).toBe(true);
        if (cap === null || Math.ceil(capped - 1e-9) <= cap) expect(quantity).toBeGreaterThanOrEqual(capped);
        if (cap !== null) expect(quantity).toBeLessThanOrEqual(cap);
        expect(quantity - capped).toBeLessThan(1);
      }),
    );
  });
});
