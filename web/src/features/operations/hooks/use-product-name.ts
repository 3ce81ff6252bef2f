import type { Product } from '@engine/api-schemas.ts';
import { useCallback, useMemo } from 'react';

/** A product's name by id, for autosave messages; a stand-in while the catalogue lacks it. */
export function useProductName(products: readonly Product[] | undefined): (productId: number) => string {
  const productsById = useMemo(
    () => new Map((products ?? []).map((product) => [product.id, product])),
    [products],
  );
  return useCallback(
    (productId: number) => productsById.get(productId)?.name ?? `Product ${productId}`,
    [productsById],
  );
}
