import { expect, test } from 'bun:test';
import { discontinuedKey } from './discontinued-key.ts';

test('the discontinued products of a café as one key that stays equal while the set does', () => {
  const before = [
    { productId: 9, lifecycle: 'discontinued' as const },
    { productId: 2, lifecycle: 'active' as const },
    { productId: 4, lifecycle: 'discontinued' as const },
  ];
  // A save's answer: a new inventory with a count changed, the same products discontinued.
  const after = [before[2], { productId: 2, lifecycle: 'new' as const }, before[0]].filter(
    (one) => one !== undefined,
  );
  expect(discontinuedKey(before)).toBe('4,9');
  expect(discontinuedKey(after)).toBe(discontinuedKey(before));
  expect(discontinuedKey(undefined)).toBe('');
});
