/**
 * What a count leaves out, by category, for the question before completing it: products with no count and
 * counted products not confirmed (or edited after confirming). Suggest Orders uses only confirmed counts, so
 * both are gaps a person should see before completing (a count of 3 of 179 products is rarely meant).
 */

export interface CountGapItem {
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
}

export interface CategoryCountGaps {
  category: string;
  uncounted: number;
  unconfirmed: number;
}

export interface CountGaps {
  categories: CategoryCountGaps[];
  uncounted: number;
  unconfirmed: number;
  products: number;
}

export function countGapsByCategory(
  categories: readonly { name: string; products: readonly { id: number }[] }[],
  itemOf: (productId: number) => CountGapItem | undefined,
): CountGaps {
  const result: CountGaps = { categories: [], uncounted: 0, unconfirmed: 0, products: 0 };
  for (const category of categories) {
    let uncounted = 0;
    let unconfirmed = 0;
    for (const product of category.products) {
      const item = itemOf(product.id);
      if (!item || item.count === null) uncounted += 1;
      else if (!item.confirmed || item.editedAfterConfirm) unconfirmed += 1;
    }
    result.products += category.products.length;
    result.uncounted += uncounted;
    result.unconfirmed += unconfirmed;
    if (uncounted + unconfirmed > 0)
      result.categories.push({ category: category.name, uncounted, unconfirmed });
  }
  return result;
}

/** '12 not counted, 3 unconfirmed' — the parts that are not zero. */
export function countGapText(gaps: { uncounted: number; unconfirmed: number }): string {
  const parts: string[] = [];
  if (gaps.uncounted > 0) parts.push(`${gaps.uncounted} not counted`);
  if (gaps.unconfirmed > 0) parts.push(`${gaps.unconfirmed} unconfirmed`);
  return parts.join(', ');
}
