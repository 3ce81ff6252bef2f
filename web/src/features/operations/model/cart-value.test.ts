import { describe, expect, test } from 'bun:test';
import { orderQuantityRule } from './cart-value.ts';
import { parseQuantityText } from './quantity-text.ts';

describe('an order quantity', () => {
  test('takes cents, refuses a third decimal and more than 99,999', () => {
    expect(parseQuantityText('2.35', orderQuantityRule)).toEqual({ ok: true, value: 2.35 });
    expect(parseQuantityText('2.355', orderQuantityRule)).toEqual({
      ok: false,
      message: 'The number can have at most 2 decimal places',
    });
    expect(parseQuantityText('100000', orderQuantityRule)).toEqual({
      ok: false,
      message: 'The number can be at most 99,999',
    });
  });
});
