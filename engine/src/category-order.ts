import type { CategoryOrderEntry, Product } from './api-schemas.ts';
import type { OperationKey } from './operations.ts';
import { compareText } from './text-order.ts';

/** Requirements §2: Nightly Counts walks one category of its own instead of the order categories. */
export const DAILY_COUNT_CATEGORY = 'Daily Count Items';

export type CategorisedProduct = Pick<Product, 'cafeOrderCategory'>;

export interface OperationCategory<P> {
  name: string;
  products: P[];
}

/**
 * The first entry for a category wins, so a duplicated row in the category-order list cannot move a
 * category around between loads.
 */
export function categoryDisplayOrders(
  categoryOrder: readonly CategoryOrderEntry[],
): ReadonlyMap<string, number> {
  const orders = new Map<string, number>();
  for (const entry of categoryOrder) {
    if (!orders.has(entry.category)) orders.set(entry.category, entry.displayOrder);
  }
  return orders;
}

/**
 * Requirements §2: the distinct categories of the products, by displayOrder from the category-order list. Categories
 * the list does not know go last; they and equal displayOrders are broken alphabetically so the progress bar
 * never reshuffles between loads.
 */
export function orderCategories(
  products: readonly CategorisedProduct[],
  categoryOrder: readonly CategoryOrderEntry[],
): string[] {
  const orders = categoryDisplayOrders(categoryOrder);
  const distinct = [...new Set(products.map((product) => product.cafeOrderCategory))];
  return distinct.sort((a, b) => {
    const orderA = orders.get(a);
    const orderB = orders.get(b);
    if (orderA !== undefined && orderB !== undefined && orderA !== orderB) return orderA - orderB;
    if (orderA !== undefined && orderB === undefined) return -1;
    if (orderA === undefined && orderB !== undefined) return 1;
    return compareText(a, b);
  });
}

/**
 * The categories an operation steps through, each with its products. Nightly Counts has exactly one,
 * 'Daily Count Items', holding the daily-count products; it is there even when empty so the screen can say
 * that nothing is set up for nightly counting rather than show no category at all.
 */
export function operationCategories<P extends CategorisedProduct & Pick<Product, 'isDailyCount'>>(
  operation: OperationKey,
  products: readonly P[],
  categoryOrder: readonly CategoryOrderEntry[],
): OperationCategory<P>[] {
  if (operation === 'nightly_counts') {
    return [{ name: DAILY_COUNT_CATEGORY, products: products.filter((product) => product.isDailyCount) }];
  }
  // One pass into buckets: a filter per category walked 20,000 products once for each of them.
  const byCategory = new Map<string, P[]>();
  for (const product of products) {
    const bucket = byCategory.get(product.cafeOrderCategory);
    if (bucket) bucket.push(product);
    else byCategory.set(product.cafeOrderCategory, [product]);
  }
  return orderCategories(products, categoryOrder).map((name) => ({
    name,
    products: byCategory.get(name) ?? [],
  }));
}
