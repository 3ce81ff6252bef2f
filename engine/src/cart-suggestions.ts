import type { Lifecycle } from './api-schemas.ts';
import { suggestOrderQuantity } from './suggest-order-quantity.ts';

/** One product at the location as Suggest Orders sees it: PAR, the completed count's entry, the cap. */
export interface SuggestionSource {
  productId: number;
  par: number;
  count: number | null;
  confirmed: boolean;
  maximumStockQuantity: number | null;
  lifecycle: Lifecycle;
}

export interface SuggestedLine {
  productId: number;
  quantity: number;
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
    const quantity = suggestOrderQuantity(source);
    if (quantity !== null && quantity > 0) lines.push({ productId: source.productId, quantity });
  }
  return lines;
}
