import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { type SuggestionInput, suggestOrderQuantity } from './suggest-order-quantity.ts';

const suggest = (overrides: Partial<SuggestionInput>) =>
  suggestOrderQuantity({ par: 10, count: 4, confirmed: true, maximumStockQuantity: null, ...overrides });

// PARs and counts are entered in steps of 0.25 (product decision), which binary floating point holds exactly.
const quarter = (max: number) => fc.integer({ min: 0, max: max * 4 }).map((n) => n / 4);
const positiveQuarter = fc.integer({ min: 1, max: 4000 }).map((n) => n / 4);

describe('suggestOrderQuantity', () => {
  test('orders PAR minus count', () => {
    expect(suggest({ par: 10, count: 4 })).toBe(6);
  });

  test('floors at 0 when the count is above PAR', () => {
    expect(suggest({ par: 5, count: 8 })).toBe(0);
  });

  test('orders nothing when the count equals PAR', () => {
    expect(suggest({ par: 5, count: 5 })).toBe(0);
  });

  test('caps at maximumStockQuantity', () => {
    expect(suggest({ par: 10, count: 1, maximumStockQuantity: 4 })).toBe(4);
  });

  test('a cap above the need changes nothing', () => {
    expect(suggest({ par: 10, count: 8, maximumStockQuantity: 4 })).toBe(2);
  });

  test('a cap of 0 orders nothing', () => {
    expect(suggest({ par: 10, count: 1, maximumStockQuantity: 0 })).toBe(0);
  });

  test('a negative cap still orders nothing rather than a negative quantity', () => {
    expect(suggest({ par: 10, count: 1, maximumStockQuantity: -3 })).toBe(0);
  });

  test.each([0, -1, -0.25])('no suggestion when PAR is %p', (par) => {
    expect(suggest({ par })).toBeNull();
  });

  test('no suggestion without a count', () => {
    expect(suggest({ count: null })).toBeNull();
  });

  test('no suggestion for an unconfirmed count', () => {
    expect(suggest({ confirmed: false })).toBeNull();
  });

  test('works with quarter values', () => {
    expect(suggest({ par: 2.25, count: 1.5 })).toBe(0.75);
    expect(suggest({ par: 3.5, count: 0.25, maximumStockQuantity: 2.75 })).toBe(2.75);
  });

  test('property: a suggestion is never negative', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: 0.01, max: 1e6 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        fc.option(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })),
        (par, count, maximumStockQuantity) => {
          const result = suggestOrderQuantity({ par, count, confirmed: true, maximumStockQuantity });
          expect(result).not.toBeNull();
          expect(result as number).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  test('property: never above maximumStockQuantity when one is set', () => {
    fc.assert(
      fc.property(positiveQuarter, quarter(1000), quarter(1000), (par, count, maximumStockQuantity) => {
        const result = suggestOrderQuantity({ par, count, confirmed: true, maximumStockQuantity });
        expect(result as number).toBeLessThanOrEqual(maximumStockQuantity);
      }),
    );
  });

  test('property: exactly max(0, PAR - count) when there is no cap', () => {
    fc.assert(
      fc.property(positiveQuarter, quarter(1000), (par, count) => {
        const result = suggestOrderQuantity({ par, count, confirmed: true, maximumStockQuantity: null });
        expect(result).toBe(Math.max(0, par - count));
      }),
    );
  });

  test('property: the cap only ever lowers the uncapped suggestion', () => {
    fc.assert(
      fc.property(positiveQuarter, quarter(1000), quarter(1000), (par, count, maximumStockQuantity) => {
        const capped = suggestOrderQuantity({ par, count, confirmed: true, maximumStockQuantity });
        const uncapped = Math.max(0, par - count);
        expect(capped).toBe(Math.min(uncapped, maximumStockQuantity));
      }),
    );
  });

  test('property: null whenever PAR is not positive, the count is missing or unconfirmed', () => {
    const input = fc.record({
      par: fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
      count: fc.option(quarter(1000)),
      confirmed: fc.boolean(),
      maximumStockQuantity: fc.option(quarter(1000)),
    });
    fc.assert(
      fc.property(input, (candidate) => {
        const expectNull = !(candidate.par > 0) || candidate.count === null || !candidate.confirmed;
        expect(suggestOrderQuantity(candidate) === null).toBe(expectNull);
      }),
    );
  });

  test('property: quarter inputs give quarter suggestions', () => {
    fc.assert(
      fc.property(
        positiveQuarter,
        quarter(1000),
        fc.option(quarter(1000)),
        (par, count, maximumStockQuantity) => {
          const result = suggestOrderQuantity({
            par,
            count,
            confirmed: true,
            maximumStockQuantity,
          }) as number;
          expect(Number.isInteger(result * 4)).toBe(true);
        },
      ),
    );
  });
});
