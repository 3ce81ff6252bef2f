import { describe, expect, test } from 'bun:test';
import { categoriesBodySchema, matchCategoryName, planCategoryOrder } from './admin-category-schemas.ts';

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

describe('category names compared as people read them (decision 105)', () => {
  const composed = 'Caf\u00e9 Supplies';
  const decomposed = 'Cafe\u0301 Supplies';

  test('a rename typed with a decomposed accent is the name another category has', () => {
    const result = planCategoryOrder(
      [composed, 'Dairy'],
      body([{ category: composed }, { category: 'Dairy', rename: decomposed }]),
    );
    expect(result).toEqual({ ok: false, problems: [`Two categories would be called '${composed}'`] });
  });

  test('a rename with a zero-width space is refused by the body rule', () => {
    const parsed = categoriesBodySchema.safeParse({ categories: [{ category: 'Tea', rename: 'Tea\u200b' }] });
    expect(parsed.error?.issues[0]?.message).toBe(
      'rename holds an invisible character (U+200B zero-width space); type it again without it',
    );
  });

  test('look-alike names stored earlier are found as listed and do not block saving the order', () => {
    const stored = [composed, decomposed, 'Tea\u200b'];
    const result = planCategoryOrder(
      stored,
      body([{ category: 'Tea\u200b', rename: 'Tea' }, { category: decomposed }, { category: composed }]),
    );
    expect(result).toEqual({
      ok: true,
      changes: [
        { category: 'Tea\u200b', name: 'Tea', displayOrder: 1 },
        { category: decomposed, name: decomposed, displayOrder: 2 },
        { category: composed, name: composed, displayOrder: 3 },
      ],
    });
  });

  test('a product typed with a decomposed accent files under the category spelled composed', () => {
    expect(matchCategoryName('cafe\u0301 supplies', [composed])).toBe(composed);
    expect(matchCategoryName(composed, [decomposed])).toBe(decomposed);
  });
});
