import { describe, expect, test } from 'bun:test';
import { readTypedDecimal } from './quantity.ts';

describe('readTypedDecimal', () => {
  test('reads digits with one decimal point or decimal comma, and nothing typed as empty', () => {
    expect(readTypedDecimal('')).toEqual({ kind: 'empty' });
    expect(readTypedDecimal('   ')).toEqual({ kind: 'empty' });
    expect(readTypedDecimal('6')).toEqual({ kind: 'number', value: 6 });
    expect(readTypedDecimal(' 1.25 ')).toEqual({ kind: 'number', value: 1.25 });
    expect(readTypedDecimal('1,5')).toEqual({ kind: 'number', value: 1.5 });
    expect(readTypedDecimal('.5')).toEqual({ kind: 'number', value: 0.5 });
    expect(readTypedDecimal('5.')).toEqual({ kind: 'number', value: 5 });
    expect(readTypedDecimal('1.250')).toEqual({ kind: 'number', value: 1.25 });
    expect(readTypedDecimal('1,2500')).toEqual({ kind: 'number', value: 1.25 });
    expect(readTypedDecimal('2500')).toEqual({ kind: 'number', value: 2500 });
  });

  test('a comma before exactly three digits could be a thousands separator, so it is refused with both readings', () => {
    expect(readTypedDecimal('2,500')).toEqual({
      kind: 'ambiguous-comma',
      message: 'Write 2500 or 2.5: a comma before three digits could mean either',
    });
    expect(readTypedDecimal('1,250')).toEqual({
      kind: 'ambiguous-comma',
      message: 'Write 1250 or 1.25: a comma before three digits could mean either',
    });
    expect(readTypedDecimal('1,200')).toEqual({
      kind: 'ambiguous-comma',
      message: 'Write 1200 or 1.2: a comma before three digits could mean either',
    });
    // No thousands before the comma: it can only be the decimal mark.
    expect(readTypedDecimal('0,250')).toEqual({ kind: 'number', value: 0.25 });
    expect(readTypedDecimal(',250')).toEqual({ kind: 'number', value: 0.25 });
  });

  test('a minus sign before a plain decimal is read as a negative number, to be refused as one', () => {
    expect(readTypedDecimal('-1')).toEqual({ kind: 'negative', value: -1 });
    expect(readTypedDecimal(' - 3,5 ')).toEqual({ kind: 'negative', value: -3.5 });
    expect(readTypedDecimal('-.5')).toEqual({ kind: 'negative', value: -0.5 });
    expect(readTypedDecimal('-0x10')).toEqual({ kind: 'not-a-number' });
    expect(readTypedDecimal('--1')).toEqual({ kind: 'not-a-number' });
    expect(readTypedDecimal('-')).toEqual({ kind: 'not-a-number' });
  });

  test('hex, binary, exponents, signs, spaces inside and a second separator are not numbers', () => {
    for (const text of [
      '0x10',
      '0b11',
      '0o7',
      '1e3',
      '+1',
      '1 000',
      '1.2.3',
      '1,200,000',
      '1.2,5',
      '.',
      ',',
    ]) {
      expect(readTypedDecimal(text)).toEqual({ kind: 'not-a-number' });
    }
    for (const text of ['abc', 'Infinity', 'NaN', '١٢', '1_000']) {
      expect(readTypedDecimal(text)).toEqual({ kind: 'not-a-number' });
    }
  });
});
