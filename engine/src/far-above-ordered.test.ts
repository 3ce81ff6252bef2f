import { describe, expect, test } from 'bun:test';
import { farAboveOrdered } from './far-above-ordered.ts';

describe('a received quantity far above what was ordered', () => {
  test('more than three times the order and at least 10 more', () => {
    expect(farAboveOrdered(99_999, 5)).toBe(true);
    expect(farAboveOrdered(400, 100)).toBe(true);
    expect(farAboveOrdered(300, 100)).toBe(false);
    // Small orders: 10 more than ordered is the least worth a second look.
    expect(farAboveOrdered(11, 1)).toBe(true);
    expect(farAboveOrdered(10, 1)).toBe(false);
    expect(farAboveOrdered(5, 5)).toBe(false);
    expect(farAboveOrdered(0, 5)).toBe(false);
  });
});
