import { describe, expect, test } from 'bun:test';
import type { ParLockProduct } from '@engine/par-lock-schemas.ts';
import { groupParLocks } from './group-par-locks.ts';

const product = (
  productId: number,
  productName: string,
  category: string,
  locked = false,
): ParLockProduct => ({
  productId,
  productName,
  category,
  subcategory: productId === 2 ? 'Alternative milks' : null,
  par: 4,
  lifecycle: 'active',
  locked,
  lockedBy: locked ? { id: 1, name: 'Dana' } : null,
  lockedAt: locked ? '2026-11-20T10:00:00.000Z' : null,
});

const products = [
  product(1, 'Espresso Beans', 'Coffee', true),
  product(2, 'Oat Milk', 'Dairy', true),
  product(3, 'Whole Milk', 'Dairy'),
];

describe('groupParLocks', () => {
  test('groups in the server order and counts the locked PARs of each category', () => {
    expect(
      groupParLocks(products).map((group) => [group.category, group.products.length, group.lockedCount]),
    ).toEqual([
      ['Coffee', 1, 1],
      ['Dairy', 2, 1],
    ]);
  });

  test('the search matches names and subcategories, ignoring case; empty categories drop out', () => {
    expect(
      groupParLocks(products, ' MILK ').map((group) => group.products.map((p) => p.productName)),
    ).toEqual([['Oat Milk', 'Whole Milk']]);
    expect(
      groupParLocks(products, 'alternative').flatMap((group) => group.products.map((p) => p.productId)),
    ).toEqual([2]);
    expect(groupParLocks(products, 'tea')).toEqual([]);
  });
});
