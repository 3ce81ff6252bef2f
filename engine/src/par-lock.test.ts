import { describe, expect, test } from 'bun:test';
import { lockedParChanges, type StoredParLock } from './par-lock.ts';

const stored: StoredParLock[] = [
  { productId: 1, par: 6, parLocked: true },
  { productId: 2, par: 3, parLocked: false },
  { productId: 3, par: 2, parLocked: true },
];

describe('lockedParChanges', () => {
  test('lists the locked PARs a batch would change', () => {
    expect(
      lockedParChanges(
        [
          { productId: 1, par: 7 },
          { productId: 2, par: 1 },
          { productId: 3, par: 0 },
        ],
        stored,
        false,
      ),
    ).toEqual([1, 3]);
  });

  test('with par_lock_management nothing is locked', () => {
    expect(lockedParChanges([{ productId: 1, par: 7 }], stored, true)).toEqual([]);
  });

  test("sending a locked PAR's current value, or changing only its lifecycle, is allowed", () => {
    expect(lockedParChanges([{ productId: 1, par: 6 }, { productId: 3 }], stored, false)).toEqual([]);
  });

  test('a product without saved settings is not locked', () => {
    expect(lockedParChanges([{ productId: 9, par: 4 }], stored, false)).toEqual([]);
  });
});
