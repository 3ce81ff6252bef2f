import { describe, expect, test } from 'bun:test';
import { itemLookup, withItemsMerged } from './item-lookup.ts';

const items = [
  { productId: 4, count: 1 },
  { productId: 9, count: null as number | null },
  { productId: 2, count: 5 },
];

describe("a café's items by product id", () => {
  test('finds each item, and nothing for a product the list does not hold', () => {
    const lookup = itemLookup(items);
    expect(lookup.get(9)).toBe(items[1]);
    expect(lookup.get(2)).toBe(items[2]);
    expect(lookup.get(7)).toBeUndefined();
  });

  test("a save's answer replaces its items in place; the others stay the same objects, in the same order", () => {
    const merged = withItemsMerged(
      items,
      [
        { productId: 2, count: 8 },
        { productId: 7, count: 3 },
        { productId: 2, count: 9 },
      ],
      (item, saved) => ({ ...item, count: saved.count }),
    );
    expect(merged).toEqual([
      { productId: 4, count: 1 },
      { productId: 9, count: null },
      { productId: 2, count: 9 },
    ]);
    expect(merged[0]).toBe(items[0]);
    expect(items[2]).toEqual({ productId: 2, count: 5 });
    // The merged list is found through the positions carried over, and holds the new items.
    expect(itemLookup(merged).get(2)).toEqual({ productId: 2, count: 9 });
    expect(itemLookup(merged).get(4)).toBe(items[0]);
  });
});
