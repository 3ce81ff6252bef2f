import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { compareAsRead, compareText } from './text-order.ts';

describe('compareText', () => {
  test('ignores case for order', () => {
    expect(['banana', 'Apple', 'cherry'].sort(compareText)).toEqual(['Apple', 'banana', 'cherry']);
  });

  test('compares numbers inside names by value', () => {
    expect(['10% Milk', '2% Milk', '1% Milk'].sort(compareText)).toEqual(['1% Milk', '2% Milk', '10% Milk']);
  });

  test('names that read alike still have a fixed order', () => {
    expect(compareAsRead('milk', 'Milk')).toBe(0);
    expect(compareText('milk', 'Milk')).toBe(-compareText('Milk', 'milk'));
    expect(compareText('milk', 'Milk')).not.toBe(0);
  });

  test('property: a total order (antisymmetric, zero only for equal text)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const ab = Math.sign(compareText(a, b));
        expect(ab).toBe(-Math.sign(compareText(b, a)) || 0);
        expect(ab === 0).toBe(a === b);
      }),
    );
  });

  test('property: sorting does not depend on the input order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 })), (names) => {
        expect([...names].reverse().sort(compareText)).toEqual([...names].sort(compareText));
      }),
    );
  });
});

describe('the collator', () => {
  test('is built on first use, once, not when the module loads', async () => {
    const RealCollator = Intl.Collator;
    let built = 0;
    Intl.Collator = function countedCollator(...args: ConstructorParameters<typeof Intl.Collator>) {
      built += 1;
      return new RealCollator(...args);
    } as unknown as typeof Intl.Collator;
    try {
      // A fresh instance of the module (the query makes it one), loaded while the constructor is counted.
      const specifier = './text-order.ts?first-use';
      const fresh = (await import(specifier)) as typeof import('./text-order.ts');
      expect(built).toBe(0);
      fresh.prepareTextOrder();
      expect(built).toBe(1);
      expect(['10% Milk', '2% Milk'].sort(fresh.compareText)).toEqual(['2% Milk', '10% Milk']);
      fresh.prepareTextOrder();
      expect(built).toBe(1);
    } finally {
      Intl.Collator = RealCollator;
    }
  });
});
