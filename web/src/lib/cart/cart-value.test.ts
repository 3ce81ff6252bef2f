import { describe, expect, test } from 'bun:test';
import { isCartValue } from './cart-value.ts';

describe('a cart edit in the outbox', () => {
  test('stored values are checked before use', () => {
    expect(isCartValue({ quantity: 3 })).toBe(true);
    expect(isCartValue({ quantity: null })).toBe(true);
    expect(isCartValue({ quantity: 'three' })).toBe(false);
  });
});
