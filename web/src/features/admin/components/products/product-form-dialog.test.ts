import { describe, expect, test } from 'bun:test';
import { draftAmount } from './product-form-dialog.tsx';

describe('a typed unit cost or stock cap', () => {
  test('is a plain decimal, a decimal comma included; blank is none', () => {
    expect(draftAmount('1.25')).toBe(1.25);
    expect(draftAmount(' 1,5 ')).toBe(1.5);
    expect(draftAmount('')).toBeNull();
    // A price as it is often written or pasted.
    expect(draftAmount(' $ 4.50')).toBe(4.5);
  });

  test('0x10, 1e3 or 2,500 is no amount: sent as text, which the schema refuses; -1 goes as below 0', () => {
    expect(draftAmount('-1')).toBe(-1);
    for (const text of ['0x10', '1e3', '2,500']) {
      expect([text, draftAmount(text)]).toEqual([text, text]);
    }
  });
});
