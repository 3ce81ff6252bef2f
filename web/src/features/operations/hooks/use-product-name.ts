import type { Product } from '@engine/api-schemas.ts';
import { useCallback, useMemo } from 'react';

/**
 * A product's name by id, for autosave messages. A product missing from the catalogue the screen holds was
 * retired since it was typed (or the catalogue is still loading): its id means nothing to a person (decision 123).
 */
export function useProductName(products: readonly Product[] | undefined): (productId: number) => string {
  const productsById = useMemo(
    () => new Map((products ?? []).map((product) => [product.id, product])),
    [products],
  );
  return useCallback(
    (productId: number) => productsById.get(productId)?.name ?? 'A product no longer in the list',
    [productsById],
  );
}
