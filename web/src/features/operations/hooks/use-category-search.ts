import type { SearchableProduct } from '@web/features/operations/model/match-products.ts';
import { useMemo } from 'react';

interface SearchCategory {
  name: string;
  products: readonly { id: number; name: string; sku: string | null; barcode?: string | null }[];
}

/**
 * The search box of an operation screen that walks categories: every product of every category is
 * searchable, and picking one opens its category and focuses its field. `beforeJump` lets a screen clear a
 * filter that would hide the row.
 */
export function useCategorySearch(
  categories: readonly SearchCategory[],
  jumpTo: (categoryIndex: number, productId: number) => void,
  beforeJump?: () => void,
) {
  const searchable = useMemo<SearchableProduct[]>(
    () =>
      categories.flatMap((one) =>
        one.products.map((product) => ({
          id: product.id,
          name: product.name,
          sku: product.sku,
          barcode: product.barcode ?? null,
          category: one.name,
        })),
      ),
    [categories],
  );
  const jumpToProduct = (productId: number) => {
    const index = categories.findIndex((one) => one.products.some((product) => product.id === productId));
    if (index < 0) return;
    beforeJump?.();
    jumpTo(index, productId);
  };
  return { searchable, jumpToProduct };
}
