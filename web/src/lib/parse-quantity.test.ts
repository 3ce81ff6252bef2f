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
    expect(parseQuantity('-1')).toEqual({
      ok: false,
      message: 'A quantity can’t be negative; 0 removes the line.',
    });
    expect(parseQuantity('1.234')).toEqual({
      ok: false,
      message: 'Quantity can have at most 2 decimal places.',
    });
    expect(parseQuantity('100000')).toEqual({ ok: false, message: 'Quantity can be at most 99,999.' });
  });

  test('only plain decimals are numbers: hex, binary, exponents, signs and spaces inside are refused', () => {
    for (const text of ['0x10', '0b11', '1e3', '+2', '1 000', '1.2.3', '9'.repeat(400)]) {
      expect(parseQuantity(text)).toEqual({ ok: false, message: 'Enter a number.' });
    }
    expect(parseQuantity('.5')).toEqual({ ok: true, quantity: 0.5 });
    expect(parseQuantity('5.')).toEqual({ ok: true, quantity: 5 });
    expect(parseQuantity('2500')).toEqual({ ok: true, quantity: 2500 });
  });

  test('a comma before three digits could be a thousands separator, so both readings are offered', () => {
    expect(parseQuantity('2,500')).toEqual({
      ok: false,
      message: 'Write 2500 or 2.5: a comma before three digits could mean either.',
    });
    expect(parseQuantity('1,200')).toEqual({
      ok: false,
      message: 'Write 1200 or 1.2: a comma before three digits could mean either.',
    });
    expect(parseQuantity('0,250')).toEqual({ ok: true, quantity: 0.25 });
  });
});
