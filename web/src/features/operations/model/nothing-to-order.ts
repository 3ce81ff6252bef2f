import type { InventoryItem } from '@engine/api-schemas.ts';

type CountedItem = Pick<InventoryItem, 'count' | 'confirmed' | 'lifecycle'>;

/** Whether any product the café still orders has a confirmed count: only those get a suggested order. */
export function hasConfirmedCount(items: readonly CountedItem[]): boolean {
  return items.some((item) => item.confirmed && item.count !== null && item.lifecycle !== 'discontinued');
}

/**
 * Why Suggest Orders put nothing on the list. A count completed without one confirmed count is a different
 * matter from stock at PAR, and saying "at or above its PAR" of it would tell the manager nothing needs ordering.
 */
export function nothingToOrderText(items: readonly CountedItem[]): string {
  return hasConfirmedCount(items)
    ? 'Every confirmed count is at or above its PAR, so nothing was suggested.'
    : 'No count was confirmed, so nothing was suggested: only confirmed counts get a suggested order.';
}
