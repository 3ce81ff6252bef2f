import type { CategoryOrderEntry, Product } from './api-schemas.ts';
import { categoryDisplayOrders } from './category-order.ts';
import { compareAsRead, compareText } from './text-order.ts';

/**
 * Header of the group of products without a subcategory. A literal "No Subcategory" rather than "Other" or
 * "General": those are plausible real subcategory names in a café catalogue, and two groups with the same
 * header would look like one split in two.
 */
export const NO_SUBCATEGORY_LABEL = 'No Subcategory';

/** Requirements §2 / §9: lists of this many products or more are virtualized, in a list this tall (px). */
export const VIRTUALIZE_FROM_ITEMS = 15;
export const VIRTUAL_LIST_HEIGHT = 650;

export type GroupableProduct = Pick<Product, 'name' | 'cafeOrderCategory' | 'orderSubcategory'>;

export interface SubcategoryGroup<P> {
  /** null for the group of products without a subcategory. */
  subcategory: string | null;
  header: string;
  products: P[];
}

export function subcategoryHeader(subcategory: string | null, itemCount: number): string {
  return `${subcategory ?? NO_SUBCATEGORY_LABEL} (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`;
}

export function shouldVirtualize(itemCount: number): boolean {
  return itemCount >= VIRTUALIZE_FROM_ITEMS;
}

// A blank subcategory typed into an import is no subcategory, not a group with an empty header.
function subcategoryOf(product: GroupableProduct): string | null {
  const trimmed = product.orderSubcategory?.trim();
  return trimmed ? trimmed : null;
}

/**
 * Requirements §2: products grouped by orderSubcategory, the no-subcategory group first and the rest alphabetical,
 * products by name within a group.
 *
 * Groups are keyed by subcategory name alone, so a list spanning several categories (Nightly Counts) shows
 * one "Milk" group, not one per category with the same header. Names that read alike but are spelt apart
 * ("Milk" and "milk") stay separate groups and tie alphabetically; the requirements break such ties by category
 * display order, taken here as the earliest category a group's products belong to.
 */
export function groupBySubcategory<P extends GroupableProduct>(
  products: readonly P[],
  categoryOrder: readonly CategoryOrderEntry[],
): SubcategoryGroup<P>[] {
  const orders = categoryDisplayOrders(categoryOrder);
  const bySubcategory = new Map<string | null, P[]>();
  for (const product of products) {
    const key = subcategoryOf(product);
    const group = bySubcategory.get(key);
    if (group) group.push(product);
    else bySubcategory.set(key, [product]);
  }

  const earliestCategoryOrder = (members: readonly P[]): number =>
    Math.min(...members.map((product) => orders.get(product.cafeOrderCategory) ?? Number.POSITIVE_INFINITY));

  const entries = [...bySubcategory.entries()].sort(([a, membersA], [b, membersB]) => {
    if (a === null) return -1;
    if (b === null) return 1;
    const byName = compareAsRead(a, b);
    if (byName !== 0) return byName;
    const byCategory = earliestCategoryOrder(membersA) - earliestCategoryOrder(membersB);
    if (byCategory !== 0 && !Number.isNaN(byCategory)) return byCategory;
    return compareText(a, b);
  });

  return entries.map(([subcategory, members]) => ({
    subcategory,
    header: subcategoryHeader(subcategory, members.length),
    products: [...members].sort((a, b) => compareText(a.name, b.name)),
  }));
}
