import { useCallback, useState } from 'react';

/**
 * 'Show uncounted only': the products of the category on screen that had no count when the filter was
 * turned on or the category was opened. The set is kept while the person counts, so a row does not vanish
 * under the cursor the moment its number is typed.
 */
export function useUncountedFilter(
  categoryKey: string,
  products: readonly { id: number }[],
  isUncounted: (productId: number) => boolean,
) {
  const [shown, setShown] = useState<{ key: string; ids: ReadonlySet<number> } | null>(null);
  const pick = () =>
    new Set(products.filter((product) => isUncounted(product.id)).map((product) => product.id));
  // Another category opened while the filter is on: filter it too (a render-time update, React's own pattern).
  if (shown !== null && shown.key !== categoryKey) setShown({ key: categoryKey, ids: pick() });
  // The same function while the set stays, so the list it keeps is filtered again only when the set changes.
  const keep = useCallback(
    <P extends { id: number }>(list: readonly P[]): readonly P[] =>
      shown === null ? list : list.filter((product) => shown.ids.has(product.id)),
    [shown],
  );
  return {
    on: shown !== null,
    set: (on: boolean) => setShown(on ? { key: categoryKey, ids: pick() } : null),
    keep,
  };
}
