import type { QueryClient } from '@tanstack/react-query';
import { categoryOrderQueryKey } from '@web/lib/shared-reads/category-order.ts';
import { productsQueryKey } from '@web/lib/shared-reads/products.ts';
import { adminCategoriesQueryKey } from './admin-categories.ts';
import { adminProductsQueryKey } from './admin-products.ts';

/** After any product write: the admin lists, and the catalogue and category order every count screen reads. */
export function invalidateProductReads(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [adminProductsQueryKey, adminCategoriesQueryKey, productsQueryKey, categoryOrderQueryKey].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
