import { describe, expect, test } from 'bun:test';
import type { CategoryOrderEntry } from './api-schemas.ts';
import {
  groupBySubcategory,
  NO_SUBCATEGORY_LABEL,
  shouldVirtualize,
  subcategoryHeader,
  VIRTUAL_LIST_HEIGHT,
} from './subcategory-groups.ts';

const product = (name: string, orderSubcategory: string | null, cafeOrderCategory = 'Dairy') => ({
  name,
  orderSubcategory,
  cafeOrderCategory,
});

const categoryOrder: CategoryOrderEntry[] = [
  { category: 'Coffee', displayOrder: 1 },
  { category: 'Dairy', displayOrder: 2 },
];

const shape = (groups: ReturnType<typeof groupBySubcategory>) =>
  groups.map((group) => [group.header, group.products.map((p) => p.name)]);

describe('subcategoryHeader', () => {
  test('one item is singular', () => {
    expect(subcategoryHeader('Milk', 1)).toBe('Milk (1 item)');
  });

  test('several items are plural', () => {
    expect(subcategoryHeader('Milk', 3)).toBe('Milk (3 items)');
  });

  test('zero items are plural', () => {
    expect(subcategoryHeader('Milk', 0)).toBe('Milk (0 items)');
  });

  test('the group without a subcategory is headed No Subcategory', () => {
    expect(NO_SUBCATEGORY_LABEL).toBe('No Subcategory');
    expect(subcategoryHeader(null, 2)).toBe('No Subcategory (2 items)');
  });
});

describe('groupBySubcategory', () => {
  test('no-subcategory group first, then alphabetical, products by name within a group', () => {
    const products = [
      product('Whole Milk', 'Milk'),
      product('Butter', null),
      product('Oat Milk', 'Milk'),
      product('Cheddar', 'Cheese'),
      product('Almond Milk', 'Milk'),
      product('Eggs', null),
    ];
    expect(shape(groupBySubcategory(products, categoryOrder))).toEqual([
      ['No Subcategory (2 items)', ['Butter', 'Eggs']],
      ['Cheese (1 item)', ['Cheddar']],
      ['Milk (3 items)', ['Almond Milk', 'Oat Milk', 'Whole Milk']],
    ]);
  });

  test('a blank subcategory belongs to the no-subcategory group', () => {
    const groups = groupBySubcategory(
      [product('A', ''), product('B', '  '), product('C', null)],
      categoryOrder,
    );
    expect(shape(groups)).toEqual([['No Subcategory (3 items)', ['A', 'B', 'C']]]);
    expect(groups[0]?.subcategory).toBeNull();
  });

  test('alphabetical ignores case and compares numbers by value', () => {
    const products = [
      product('x', 'syrups'),
      product('y', 'Beans'),
      product('z', 'Size 10'),
      product('w', 'Size 2'),
    ];
    expect(groupBySubcategory(products, categoryOrder).map((group) => group.subcategory)).toEqual([
      'Beans',
      'Size 2',
      'Size 10',
      'syrups',
    ]);
  });

  test('products are sorted by name whatever the input order', () => {
    const products = [product('b', 'Milk'), product('C', 'Milk'), product('a', 'Milk')];
    expect(groupBySubcategory(products, categoryOrder)[0]?.products.map((p) => p.name)).toEqual([
      'a',
      'b',
      'C',
    ]);
  });

  test('the same subcategory in several categories is one group', () => {
    const products = [product('Oat Milk', 'Milk', 'Dairy'), product('Milk Jug', 'Milk', 'Coffee')];
    expect(shape(groupBySubcategory(products, categoryOrder))).toEqual([
      ['Milk (2 items)', ['Milk Jug', 'Oat Milk']],
    ]);
  });

  test('names that read alike are ordered by category display order', () => {
    const products = [product('Oat Milk', 'milk', 'Dairy'), product('Milk Jug', 'Milk', 'Coffee')];
    expect(groupBySubcategory(products, categoryOrder).map((group) => group.subcategory)).toEqual([
      'Milk',
      'milk',
    ]);
    const swapped = [
      { category: 'Coffee', displayOrder: 2 },
      { category: 'Dairy', displayOrder: 1 },
    ];
    expect(groupBySubcategory(products, swapped).map((group) => group.subcategory)).toEqual(['milk', 'Milk']);
  });

  test('names that read alike in unknown categories still have a fixed order', () => {
    const products = [product('b', 'milk', 'Unknown'), product('a', 'Milk', 'Other')];
    expect(groupBySubcategory(products, []).map((group) => group.subcategory)).toEqual(['Milk', 'milk']);
    expect(groupBySubcategory([...products].reverse(), []).map((group) => group.subcategory)).toEqual([
      'Milk',
      'milk',
    ]);
  });

  test('does not reorder the products it was given', () => {
    const products = [product('b', 'Milk'), product('a', 'Milk')];
    groupBySubcategory(products, categoryOrder);
    expect(products.map((p) => p.name)).toEqual(['b', 'a']);
  });

  test('no products, no groups', () => {
    expect(groupBySubcategory([], categoryOrder)).toEqual([]);
  });
});

describe('shouldVirtualize', () => {
  test('14 products are rendered in full', () => {
    expect(shouldVirtualize(14)).toBe(false);
  });

  test('virtualizes from 15 products', () => {
    expect(shouldVirtualize(15)).toBe(true);
    expect(shouldVirtualize(500)).toBe(true);
  });

  test('the virtual list is 650 px tall', () => {
    expect(VIRTUAL_LIST_HEIGHT).toBe(650);
  });
});
