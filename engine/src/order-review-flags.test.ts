import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { reviewOrderLine } from './order-review-flags.ts';

const codes = (quantity: number, previousQuantity: number | null) =>
  reviewOrderLine({ quantity, previousQuantity }).map((flag) => flag.code);

describe('reviewOrderLine', () => {
  test('a product never ordered at the location is flagged', () => {
    expect(reviewOrderLine({ quantity: 3, previousQuantity: null })).toEqual([
      { code: 'first_order', message: 'Never ordered at this location before' },
    ]);
  });

  test('exactly half of the previous order is not flagged', () => {
    expect(codes(5, 10)).toEqual([]);
  });

  test('just under half is flagged', () => {
    expect(codes(4.99, 10)).toEqual(['under_half']);
    expect(reviewOrderLine({ quantity: 1, previousQuantity: 12 })[0]?.message).toBe(
      'Less than half of the previous order (12)',
    );
  });

  test('exactly twice the previous order is not flagged', () => {
    expect(codes(20, 10)).toEqual([]);
  });

  test('just over twice is flagged', () => {
    expect(codes(20.01, 10)).toEqual(['over_double']);
    expect(reviewOrderLine({ quantity: 7, previousQuantity: 3 })[0]?.message).toBe(
      'More than twice the previous order (3)',
    );
  });

  test('the same quantity as last time is not flagged', () => {
    expect(codes(10, 10)).toEqual([]);
  });

  test('boundaries hold for quarter and cent values', () => {
    expect(codes(0.125 * 2, 0.5)).toEqual([]);
    expect(codes(0.24, 0.5)).toEqual(['under_half']);
    expect(codes(0.5, 0.25)).toEqual([]);
    expect(codes(0.51, 0.25)).toEqual(['over_double']);
    expect(codes(1.17, 2.34)).toEqual([]);
    expect(codes(4.68, 2.34)).toEqual([]);
  });

  test('property: exactly half and exactly twice of any cent amount are never flagged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1_000_000 }), (cents) => {
        const previous = (cents * 2) / 100;
        return codes(previous / 2, previous).length === 0 && codes(previous * 2, previous).length === 0;
      }),
    );
  });

  test('property: at most one flag per line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
        (quantity, previous) => codes(quantity / 100, previous === null ? null : previous / 100).length <= 1,
      ),
    );
  });
});
