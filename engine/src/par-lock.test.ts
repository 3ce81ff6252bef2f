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

describe('lockedParChanges and the lifecycle (decision 028)', () => {
  const withLifecycle: StoredParLock[] = [
    { productId: 1, par: 6, parLocked: true, lifecycle: 'active' },
    { productId: 2, par: 3, parLocked: false, lifecycle: 'active' },
    { productId: 3, par: 2, parLocked: true, lifecycle: 'discontinued' },
  ];
  test('discontinuing a locked product, or bringing one back, is a change of its locked PAR', () => {
    expect(
      lockedParChanges(
        [
          { productId: 1, lifecycle: 'discontinued' },
          { productId: 2, lifecycle: 'discontinued' },
          { productId: 3, lifecycle: 'new' },
        ],
        withLifecycle,
        false,
      ),
    ).toEqual([1, 3]);
    expect(lockedParChanges([{ productId: 1, lifecycle: 'discontinued' }], withLifecycle, true)).toEqual([]);
  });
  test('the other lifecycle moves of a locked product are not', () => {
    expect(lockedParChanges([{ productId: 1, lifecycle: 'phasing_out' }], withLifecycle, false)).toEqual([]);
  });
});
