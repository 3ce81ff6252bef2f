import { describe, expect, test } from 'bun:test';
import { parseQuantity } from './parse-quantity.ts';

describe('parseQuantity', () => {
  test('reads whole numbers, decimals and a decimal comma', () => {
    expect(parseQuantity('6')).toEqual({ ok: true, quantity: 6 });
    expect(parseQuantity(' 1.25 ')).toEqual({ ok: true, quantity: 1.25 });
    expect(parseQuantity('0,5')).toEqual({ ok: true, quantity: 0.5 });
    expect(parseQuantity('0')).toEqual({ ok: true, quantity: 0 });
  });

  test('refuses what the server would refuse, with the reason', () => {
    expect(parseQuantity('')).toEqual({ ok: false, message: 'Enter a quantity; 0 removes the line.' });
    expect(parseQuantity('abc')).toEqual({ ok: false, message: 'Enter a number.' });
    expect(parseQuantity('-1')).toEqual({ ok: false, message: 'Quantity cannot be negative.' });
    expect(parseQuantity('1.234')).toEqual({
      ok: false,
      message: 'Quantity can have at most 2 decimal places.',
    });
    expect(parseQuantity('100000')).toEqual({ ok: false, message: 'Quantity can be at most 99999.' });
  });
});
