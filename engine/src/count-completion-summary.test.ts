import { describe, expect, test } from 'bun:test';
import { countGapsByCategory, countGapText } from './count-completion-summary.ts';

const items = new Map([
  [1, { count: 2, confirmed: true, editedAfterConfirm: false }],
  [2, { count: 3, confirmed: false, editedAfterConfirm: false }],
  [3, { count: 1, confirmed: true, editedAfterConfirm: true }],
  [4, { count: null, confirmed: false, editedAfterConfirm: false }],
]);

describe('countGapsByCategory', () => {
  test('counts uncounted and unconfirmed products per category, leaving out complete categories', () => {
    const gaps = countGapsByCategory(
      [
        { name: 'Dairy', products: [{ id: 1 }, { id: 2 }, { id: 3 }] },
        { name: 'Coffee', products: [{ id: 1 }] },
        { name: 'Cups', products: [{ id: 4 }, { id: 5 }] },
      ],
      (id) => items.get(id),
    );
    expect(gaps).toEqual({
      categories: [
        { category: 'Dairy', uncounted: 0, unconfirmed: 2 },
        { category: 'Cups', uncounted: 2, unconfirmed: 0 },
      ],
      uncounted: 2,
      unconfirmed: 2,
      products: 6,
    });
  });

  test('a complete count has no gaps', () => {
    const gaps = countGapsByCategory([{ name: 'Coffee', products: [{ id: 1 }] }], (id) => items.get(id));
    expect(gaps.categories).toEqual([]);
    expect(gaps.uncounted + gaps.unconfirmed).toBe(0);
  });
});

describe('countGapText', () => {
  test('names only the parts that are not zero', () => {
    expect(countGapText({ uncounted: 12, unconfirmed: 3 })).toBe('12 not counted, 3 unconfirmed');
    expect(countGapText({ uncounted: 0, unconfirmed: 1 })).toBe('1 unconfirmed');
    expect(countGapText({ uncounted: 4, unconfirmed: 0 })).toBe('4 not counted');
  });
});
