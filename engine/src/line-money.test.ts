import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { sumMoney } from './cart-totals.ts';
import { lineMoney } from './line-money.ts';

/** The exact reference: quantity and cost in hundredths, their product in ten-thousandths, half up to cents. */
function exactCents(quantityHundredths: number, costCents: number): number {
  return Math.floor((quantityHundredths * costCents + 50) / 100);
}

describe('lineMoney', () => {
  test('a quarter of 0.58, 1.14, 2.26 and 2.30 is 0.15, 0.29, 0.57 and 0.58 (1.59 together)', () => {
    const lines = [0.58, 1.14, 2.26, 2.3].map((cost) => lineMoney(0.25, cost));
    expect(lines).toEqual([0.15, 0.29, 0.57, 0.58]);
    expect(sumMoney(lines)).toBe(1.59);
  });

  test('1.5 at 0.01 is 0.02 and 3 at 0.10 is 0.30: five of the first and one of the second are 0.40', () => {
    expect(lineMoney(1.5, 0.01)).toBe(0.02);
    expect(lineMoney(3, 0.1)).toBe(0.3);
    expect(sumMoney([...Array(5).fill(lineMoney(1.5, 0.01)), lineMoney(3, 0.1)])).toBe(0.4);
  });

  test('exactly half a cent rounds up; just under half rounds down', () => {
    expect(lineMoney(0.5, 0.01)).toBe(0.01);
    expect(lineMoney(0.49, 0.01)).toBe(0);
    expect(lineMoney(0.25, 0.02)).toBe(0.01);
    expect(lineMoney(1.005, 1)).toBe(1.01);
  });

  test('whole amounts, zero and large amounts stay exact', () => {
    expect(lineMoney(3, 12.5)).toBe(37.5);
    expect(lineMoney(0, 9.99)).toBe(0);
    expect(lineMoney(12, 0)).toBe(0);
    expect(lineMoney(9_999_999_999.99, 999.99)).toBe(9_999_899_999_990);
    expect(lineMoney(123_456_789.25, 777.77)).toBe(96_020_986_974.97);
  });

  test('a negative amount rounds half away from zero, as PostgreSQL rounds numeric', () => {
    expect(lineMoney(-0.25, 0.58)).toBe(-0.15);
    expect(lineMoney(-0.25, 0.56)).toBe(-0.14);
  });

  test('numbers a float spells with an exponent are read exactly', () => {
    expect(lineMoney(1e-7, 1)).toBe(0);
    expect(lineMoney(1e21, 0.01)).toBe(1e19);
  });

  test('refuses what is not a finite number', () => {
    expect(() => lineMoney(Number.NaN, 1)).toThrow(RangeError);
    expect(() => lineMoney(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  test('every quarter count up to 100 × every cent cost up to $20 equals the exact decimal computation', () => {
    let mismatches = 0;
    let floatRuleMisses = 0;
    for (let quarters = 0; quarters <= 400; quarters += 1) {
      const quantity = quarters / 4;
      for (let cents = 0; cents <= 2_000; cents += 1) {
        const cost = cents / 100;
        const expected = exactCents(quarters * 25, cents) / 100;
        if (lineMoney(quantity, cost) !== expected) mismatches += 1;
        if (Math.round(quantity * cost * 100) / 100 !== expected) floatRuleMisses += 1;
      }
    }
    expect(mismatches).toBe(0);
    // The grid does hold the cases rounding a float product gets wrong, so it tests the rule.
    expect(floatRuleMisses).toBeGreaterThan(0);
  });

  test('property: any two-decimal quantity × cent cost equals the exact decimal computation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (quantityHundredths, costCents) =>
          lineMoney(quantityHundredths / 100, costCents / 100) ===
          exactCents(quantityHundredths, costCents) / 100,
      ),
    );
  });
});
