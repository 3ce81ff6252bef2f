import { describe, expect, test } from 'bun:test';
import { updateProductBodySchema } from '@engine/admin-product-schemas.ts';
import { draftAmount } from './product-form-dialog.tsx';

describe('a typed unit cost or stock cap', () => {
  test('is a plain decimal, a decimal comma included; blank is none', () => {
    expect(draftAmount('1.25')).toBe(1.25);
    expect(draftAmount(' 1,5 ')).toBe(1.5);
    expect(draftAmount('')).toBeNull();
    // A price as it is often written or pasted.
    expect(draftAmount(' $ 4.50')).toBe(4.5);
    expect(draftAmount('$1,250.00')).toBe(1250);
    expect(draftAmount('1,250,000')).toBe(1_250_000);
  });

  test('0x10, 1e3 or 2,500 is no amount: sent as text, which the schema refuses; -1 goes as below 0', () => {
    expect(draftAmount('-1')).toBe(-1);
    for (const text of ['0x10', '1e3', '2,500']) {
      expect([text, draftAmount(text)]).toEqual([text, text]);
    }
  });
});

test('2,500 is refused with both readings named, not as "no number"', () => {
  const refused = updateProductBodySchema.safeParse({ unitCost: draftAmount('2,500') });
  expect(refused.success ? null : refused.error.issues[0]?.message).toBe(
    'Unit cost: Write 2500 or 2.5: a comma before three digits could mean either',
  );
});
