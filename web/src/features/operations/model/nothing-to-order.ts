import type { InventoryItem } from '@engine/api-schemas.ts';
import { hasConfirmedCount } from '@engine/cart-suggestions.ts';

/**
 * Why Suggest Orders put nothing on the list. A count completed without one confirmed count is a different
 * matter from stock at PAR, and saying "at or above its PAR" of it would tell the manager nothing needs ordering.
 */
export function nothingToOrderText(
  items: readonly Pick<InventoryItem, 'count' | 'confirmed' | 'lifecycle'>[],
): string {
  return hasConfirmedCount(items)
    ? 'Every confirmed count is at or above its PAR, so nothing was suggested.'
    : 'No count was confirmed, so nothing was suggested: only confirmed counts get a suggested order.';
}
