import { describe, expect, test } from 'bun:test';
import { categoriesBodySchema, planCategoryOrder } from './admin-category-schemas.ts';

const existing = ['Coffee', 'Dairy', 'Supplies'];
const body = (categories: { category: string; rename?: string }[]) =>
  categoriesBodySchema.parse({ categories });

describe('planCategoryOrder', () => {
  test('numbers the categories in the order given, renames included', () => {
    expect(
      planCategoryOrder(
        existing,
        body([
          { category: 'Supplies' },
          { category: 'Coffee', rename: 'Coffee & Espresso' },
          { category: 'Dairy' },
        ]),
      ),
    ).toEqual({
      ok: true,
      changes: [
        { category: 'Supplies', name: 'Supplies', displayOrder: 1 },
        { category: 'Coffee', name: 'Coffee & Espresso', displayOrder: 2 },
        { category: 'Dairy', name: 'Dairy', displayOrder: 3 },
      ],
    });
  });

  test('lists unknown, repeated and missing categories together', () => {
    expect(
      planCategoryOrder(
        existing,
        body([{ category: 'Tea' }, { category: 'Coffee' }, { category: 'Coffee' }]),
      ),
    ).toEqual({
      ok: false,
      problems: [
        "Unknown category 'Tea'",
        "Category 'Coffee' is listed twice",
        'Every category must be listed; missing: Dairy, Supplies',
      ],
    });
  });

  test('refuses two categories ending with one name, ignoring case', () => {
    const result = planCategoryOrder(
      existing,
      body([{ category: 'Coffee' }, { category: 'Dairy', rename: 'coffee' }, { category: 'Supplies' }]),
    );
    expect(result).toEqual({ ok: false, problems: ["Two categories would be called 'coffee'"] });
  });

  test('swapping two names is allowed', () => {
    const result = planCategoryOrder(
      existing,
      body([
        { category: 'Coffee', rename: 'Dairy' },
        { category: 'Dairy', rename: 'Coffee' },
        { category: 'Supplies' },
      ]),
    );
    expect(result.ok).toBe(true);
  });

  test('names are trimmed and must not be empty', () => {
    expect(
      categoriesBodySchema.safeParse({ categories: [{ category: ' ' }] }).error?.issues[0]?.message,
    ).toBe('category must not be empty');
    expect(body([{ category: ' Coffee ', rename: ' Beans ' }]).categories[0]).toEqual({
      category: 'Coffee',
      rename: 'Beans',
    });
  });
});
