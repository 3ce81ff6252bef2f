import { describe, expect, test } from 'bun:test';
import { formatQuantity, parseQuantityText, quarterRule, stepQuantity } from './quantity-text.ts';

describe('quantity typed into a field', () => {
  test('empty is not counted; quarters and a decimal comma are read', () => {
    expect(parseQuantityText('')).toEqual({ ok: true, value: null });
    expect(parseQuantityText('  ')).toEqual({ ok: true, value: null });
    expect(parseQuantityText('4')).toEqual({ ok: true, value: 4 });
    expect(parseQuantityText('2.75')).toEqual({ ok: true, value: 2.75 });
    expect(parseQuantityText('1,5')).toEqual({ ok: true, value: 1.5 });
    expect(parseQuantityText('.5')).toEqual({ ok: true, value: 0.5 });
  });

  test('what cannot be stored says why', () => {
    expect(parseQuantityText('abc')).toEqual({ ok: false, message: 'Enter a number' });
    expect(parseQuantityText('-1')).toEqual({ ok: false, message: 'The number can’t be negative' });
    expect(parseQuantityText('1.3')).toEqual({
      ok: false,
      message: 'The number must be a whole number or end in .25, .5 or .75',
    });
    expect(parseQuantityText('10001', quarterRule(10_000))).toEqual({
      ok: false,
      message: 'The number must be at most 10,000',
    });
  });

  test('only plain decimals are numbers; a comma before three digits could be thousands and is refused', () => {
    for (const text of ['0x10', '0b11', '1e3', '+2', '1 000', '1.2.3', ',']) {
      expect(parseQuantityText(text)).toEqual({ ok: false, message: 'Enter a number' });
    }
    expect(parseQuantityText('2,500')).toEqual({
      ok: false,
      message: 'Write 2500 or 2.5: a comma before three digits could mean either',
    });
    expect(parseQuantityText('1,250')).toEqual({
      ok: false,
      message: 'Write 1250 or 1.25: a comma before three digits could mean either',
    });
    expect(parseQuantityText('2500')).toEqual({ ok: true, value: 2500 });
    expect(parseQuantityText('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(parseQuantityText('5.')).toEqual({ ok: true, value: 5 });
  });

  test('− and + step by one within 0 and the limit', () => {
    expect(stepQuantity(null, 1)).toBe(1);
    expect(stepQuantity(null, -1)).toBe(0);
    expect(stepQuantity(0.25, -1)).toBe(0);
    expect(stepQuantity(2.5, 1)).toBe(3.5);
    expect(stepQuantity(10_000, 1, 10_000)).toBe(10_000);
    expect(formatQuantity(null)).toBe('');
    expect(formatQuantity(2.5)).toBe('2.5');
  });
});
