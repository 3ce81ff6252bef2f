import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import type { CategoryOrderEntry } from './api-schemas.ts';
import { DAILY_COUNT_CATEGORY, operationCategories, orderCategories } from './category-order.ts';

const product = (name: string, cafeOrderCategory: string, isDailyCount = false) => ({
  name,
  cafeOrderCategory,
  isDailyCount,
});

const categoryOrder: CategoryOrderEntry[] = [
  { category: 'Dairy', displayOrder: 2 },
  { category: 'Coffee', displayOrder: 1 },
  { category: 'Bakery', displayOrder: 3 },
  { category: 'Unused', displayOrder: 0 },
];

describe('orderCategories', () => {
  test('distinct categories by displayOrder', () => {
    const products = [
      product('Oat Milk', 'Dairy'),
      product('Croissant', 'Bakery'),
      product('Beans', 'Coffee'),
    ];
    products.push(product('Whole Milk', 'Dairy'));
    expect(orderCategories(products, categoryOrder)).toEqual(['Coffee', 'Dairy', 'Bakery']);
  });

  test('categories the list does not know go last, alphabetically', () => {
    const products = [
      product('Straws', 'Supplies'),
      product('Cups', 'Packaging'),
      product('Beans', 'Coffee'),
      product('Lids', 'packaging extras'),
    ];
    expect(orderCategories(products, categoryOrder)).toEqual([
      'Coffee',
      'Packaging',
      'packaging extras',
      'Supplies',
    ]);
  });

  test('an unknown category goes after a known one with a large displayOrder', () => {
    const products = [product('Cups', 'Alpha'), product('Beans', 'Coffee')];
    expect(orderCategories(products, [{ category: 'Coffee', displayOrder: 9999 }])).toEqual([
      'Coffee',
      'Alpha',
    ]);
  });

  test('equal displayOrders fall back to alphabetical', () => {
    const products = [product('a', 'Syrups'), product('b', 'Bakery')];
    const tied = [
      { category: 'Syrups', displayOrder: 1 },
      { category: 'Bakery', displayOrder: 1 },
    ];
    expect(orderCategories(products, tied)).toEqual(['Bakery', 'Syrups']);
  });

  test('with no category order every category is alphabetical', () => {
    expect(orderCategories([product('a', 'Dairy'), product('b', 'Coffee')], [])).toEqual(['Coffee', 'Dairy']);
  });

  test('the first entry for a category wins', () => {
    const products = [product('a', 'Dairy'), product('b', 'Coffee')];
    const duplicated = [
      { category: 'Dairy', displayOrder: 1 },
      { category: 'Coffee', displayOrder: 2 },
      { category: 'Dairy', displayOrder: 3 },
    ];
    expect(orderCategories(products, duplicated)).toEqual(['Dairy', 'Coffee']);
  });

  test('no products, no categories', () => {
    expect(orderCategories([], categoryOrder)).toEqual([]);
  });

  test('property: the order does not depend on the order of products or of the list', () => {
    const name = fc.constantFrom('Coffee', 'Dairy', 'Bakery', 'Tea', 'Syrups', 'Supplies', 'cups');
    const entries = fc.uniqueArray(
      fc.record({ category: name, displayOrder: fc.integer({ min: -5, max: 5 }) }),
      {
        selector: (entry) => entry.category,
      },
    );
    fc.assert(
      fc.property(fc.array(name.map((category) => product('x', category))), entries, (products, order) => {
        const expected = orderCategories(products, order);
        expect(orderCategories([...products].reverse(), [...order].reverse())).toEqual(expected);
        expect(new Set(expected).size).toBe(expected.length);
        expect(new Set(expected)).toEqual(new Set(products.map((p) => p.cafeOrderCategory)));
      }),
    );
  });
});

describe('operationCategories', () => {
  const oatMilk = product('Oat Milk', 'Dairy', true);
  const croissant = product('Croissant', 'Bakery', true);
  const beans = product('Beans', 'Coffee');
  const wholeMilk = product('Whole Milk', 'Dairy');
  const products = [oatMilk, croissant, beans, wholeMilk];

  test('Nightly Counts has the single category Daily Count Items with the daily-count products', () => {
    const categories = operationCategories('nightly_counts', products, categoryOrder);
    expect(DAILY_COUNT_CATEGORY).toBe('Daily Count Items');
    expect(categories).toEqual([{ name: 'Daily Count Items', products: [oatMilk, croissant] }]);
  });

  test('Nightly Counts keeps its category when no product is counted nightly', () => {
    expect(operationCategories('nightly_counts', [product('Beans', 'Coffee')], categoryOrder)).toEqual([
      { name: DAILY_COUNT_CATEGORY, products: [] },
    ]);
  });

  test.each(['set_pars', 'count_inventory', 'shopping_list'] as const)(
    '%s walks the ordered categories with every product of each',
    (operation) => {
      expect(operationCategories(operation, products, categoryOrder)).toEqual([
        { name: 'Coffee', products: [beans] },
        { name: 'Dairy', products: [oatMilk, wholeMilk] },
        { name: 'Bakery', products: [croissant] },
      ]);
    },
  );
});
