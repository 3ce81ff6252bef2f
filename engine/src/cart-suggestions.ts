import type { Lifecycle } from './api-schemas.ts';
import { suggestOrderQuantity } from './suggest-order-quantity.ts';
import { orderQuantityForNeed } from './whole-unit-quantity.ts';

/** One product at the location as Suggest Orders sees it: PAR, the completed count's entry, the cap. */
export interface SuggestionSource {
  productId: number;
  par: number;
  count: number | null;
  confirmed: boolean;
  maximumStockQuantity: number | null;
  lifecycle: Lifecycle;
  /** Bought in whole cases, packs or pieces (decision 022): the order is rounded up to whole units. */
  boughtWhole: boolean;
}

export interface SuggestedLine {
  productId: number;
  /** What goes in the cart: the need, in whole units for a product bought whole. */
  quantity: number;
  /** The exact need of requirements §5, shown as "needed". */
  needed: number;
}

/**
 * The shopping list Suggest Orders builds (requirements §4–§5): the requirements' rule per product, without discontinued
 * products (they have left suggestions, product.md) and without products that need nothing — a line of 0
 * is not something to order.
 */
export function buildCartSuggestions(sources: readonly SuggestionSource[]): SuggestedLine[] {
  const lines: SuggestedLine[] = [];
  for (const source of sources) {
    if (source.lifecycle === 'discontinued') continue;
    const needed = suggestOrderQuantity(source);
    if (needed === null || !(needed > 0)) continue;
    const quantity = orderQuantityForNeed(needed, source);
    if (quantity > 0) lines.push({ productId: source.productId, quantity, needed });
  }
  return lines;
}

/**
 * Whether a count gives Suggest Orders anything to go on: a confirmed count of a product still ordered. A count
 * completed without one suggests nothing, whatever the PARs, and the screens say so rather than "at PAR".
 */
export function hasConfirmedCount(
  items: readonly Pick<SuggestionSource, 'count' | 'confirmed' | 'lifecycle'>[],
): boolean {
  return items.some((item) => item.confirmed && item.count !== null && item.lifecycle !== 'discontinued');
}
