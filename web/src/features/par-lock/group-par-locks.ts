import type { ParLockProduct } from '@engine/par-lock-schemas.ts';

export interface ParLockCategory {
  category: string;
  products: ParLockProduct[];
  lockedCount: number;
}

/**
 * The server lists products by category display order, then name; this cuts the list into categories and
 * keeps the products whose name or subcategory contains the search (case-insensitive).
 */
export function groupParLocks(products: readonly ParLockProduct[], search = ''): ParLockCategory[] {
  const needle = search.trim().toLocaleLowerCase('en-US');
  const groups: ParLockCategory[] = [];
  for (const product of products) {
    const haystack = `${product.productName} ${product.subcategory ?? ''}`.toLocaleLowerCase('en-US');
    if (needle && !haystack.includes(needle)) continue;
    const last = groups.at(-1);
    if (last && last.category === product.category) last.products.push(product);
    else groups.push({ category: product.category, products: [product], lockedCount: 0 });
  }
  for (const group of groups) group.lockedCount = group.products.filter((product) => product.locked).length;
  return groups;
}
