/*
 * A café's items by product id. At 20,000 products a map of them rebuilt on every save's answer was 20,000 entries
 * allocated each time, and the minor collections that followed landed among the person's keystrokes. A save's
 * answer replaces items in place of the ones it changed and keeps their order (`inventory-cache.ts`), so the
 * positions found for one list hold for the next: they are carried over, and a lookup costs nothing to make.
 */

interface Keyed {
  productId: number;
}

const positions = new WeakMap<readonly Keyed[], ReadonlyMap<number, number>>();

function positionsOf(items: readonly Keyed[]): ReadonlyMap<number, number> {
  let found = positions.get(items);
  if (!found) {
    const built = new Map<number, number>();
    for (let at = 0; at < items.length; at++) built.set((items[at] as Keyed).productId, at);
    positions.set(items, built);
    found = built;
  }
  return found;
}

/**
 * A copy of `items` with the item of each of `updates` replaced by `merge(item, update)`, the others and the order
 * kept; the copy's positions are the list's. An update for a product not in the list is left out.
 */
export function withItemsMerged<T extends Keyed, U extends Keyed>(
  items: readonly T[],
  updates: readonly U[],
  merge: (item: T, update: U) => T,
): T[] {
  const at = positionsOf(items);
  const next = items.slice();
  for (const update of updates) {
    const position = at.get(update.productId);
    if (position !== undefined) next[position] = merge(next[position] as T, update);
  }
  positions.set(next, at);
  return next;
}

export interface ItemLookup<T> {
  get(productId: number): T | undefined;
}

/** The items by product id, found through the list's positions (built once per list of products). */
export function itemLookup<T extends Keyed>(items: readonly T[]): ItemLookup<T> {
  const at = positionsOf(items);
  return {
    get: (productId) => {
      const position = at.get(productId);
      return position === undefined ? undefined : items[position];
    },
  };
}
