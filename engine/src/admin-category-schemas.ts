import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { text } from './input/text.ts';

/** Product categories: their display order on every count screen, and their names. */

export const CATEGORY_NAME_MAX = 100;

const categoryName = (label: string, rule: { verbatim?: boolean } = {}) =>
  text(label, { required: true, max: CATEGORY_NAME_MAX, ...rule });

/** A category name as people read it: the same letters however they were typed, in any case. */
export const categoryKey = (name: string) => name.normalize('NFC').toLowerCase();

export const adminCategorySchema = z.object({
  category: z.string(),
  displayOrder: z.number().int(),
  /** Products not retired that use the category. */
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/**
 * PUT /api/admin/categories: every category, in the order screens show them (the first gets display order
 * 1). `rename` gives a category a new name; its products move with it.
 */
export const categoriesBodySchema = strictBody({
  categories: z
    .array(
      z.strictObject({
        // As the list gave it, so a category stored before names were normalised is still found.
        category: categoryName('category', { verbatim: true }),
        rename: categoryName('rename').optional(),
      }),
      {
        error: 'categories must be a list',
      },
    )
    .min(1, 'categories must list every category')
    .max(1000, 'categories may hold at most 1000 entries'),
});
export type CategoriesBody = z.infer<typeof categoriesBodySchema>;

export interface CategoryOrderChange {
  category: string;
  /** The name after the change (the same as `category` when not renamed). */
  name: string;
  displayOrder: number;
}

/**
 * Checks a new order against the categories that exist: each exactly once, no rename giving a name another
 * category has or is given (ignoring case and how accents were typed, as people read them). Two look-alike
 * names stored before that rule are left as they are, so they do not block saving the order. Returns every
 * problem, or the changes to apply.
 */
export function planCategoryOrder(
  existing: readonly string[],
  body: CategoriesBody,
): { ok: true; changes: CategoryOrderChange[] } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const known = new Set(existing);
  const listed = new Set<string>();
  const finalNames = new Map<string, { category: string; renamed: boolean }>();
  const changes: CategoryOrderChange[] = [];
  body.categories.forEach((entry, index) => {
    if (!known.has(entry.category)) problems.push(`Unknown category '${entry.category}'`);
    else if (listed.has(entry.category)) problems.push(`Category '${entry.category}' is listed twice`);
    listed.add(entry.category);
    const name = entry.rename ?? entry.category;
    const renamed = name !== entry.category;
    const clash = finalNames.get(categoryKey(name));
    if (clash !== undefined && clash.category !== entry.category && (renamed || clash.renamed)) {
      problems.push(`Two categories would be called '${name}'`);
    }
    finalNames.set(categoryKey(name), { category: entry.category, renamed: renamed || !!clash?.renamed });
    changes.push({ category: entry.category, name, displayOrder: index + 1 });
  });
  const missing = existing.filter((name) => !listed.has(name));
  if (missing.length > 0) problems.push(`Every category must be listed; missing: ${missing.join(', ')}`);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes };
}

/**
 * The spelling of a category that already exists when a name differs from it only in case (or in how an
 * accent was typed), so typing "coffee" files a product under "Coffee" instead of starting a second category.
 */
export function matchCategoryName(name: string, known: readonly string[]): string {
  if (known.includes(name)) return name;
  const key = categoryKey(name);
  return known.find((category) => categoryKey(category) === key) ?? name;
}
