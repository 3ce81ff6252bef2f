import type { Lifecycle } from '@engine/api-schemas.ts';

/**
 * Which products a café has discontinued, as one string that stays equal while the set does: a screen hides
 * them, and keying that on the string rather than on the inventory keeps every save's answer (a new inventory
 * object) from rebuilding the categories of the whole catalogue.
 */
export function discontinuedKey(
  items: readonly { productId: number; lifecycle: Lifecycle }[] | undefined,
): string {
  if (!items) return '';
  const ids: number[] = [];
  for (const item of items) if (item.lifecycle === 'discontinued') ids.push(item.productId);
  return ids.sort((a, b) => a - b).join(',');
}
