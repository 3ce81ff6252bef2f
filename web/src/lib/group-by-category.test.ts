import { describe, expect, test } from 'bun:test';
import { groupByCategory } from './group-by-category.ts';

const line = (productId: number, category: string, lineTotal: number) => ({ productId, category, lineTotal });

describe('groupByCategory', () => {
  test('keeps the server order and sums each category in cents', () => {
    const groups = groupByCategory([line(1, 'Coffee', 0.1), line(2, 'Coffee', 0.2), line(3, 'Dairy', 7.5)]);
    expect(groups.map((group) => [group.category, group.lines.length, group.subtotal])).toEqual([
      ['Coffee', 2, 0.3],
      ['Dairy', 1, 7.5],
    ]);
  });

  test('no lines, no groups', () => {
    expect(groupByCategory([])).toEqual([]);
  });
});
