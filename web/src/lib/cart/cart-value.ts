/** A cart edit waiting in the outbox: the quantity to order; 0 or null takes the product off the list. */
export interface CartValue {
  quantity: number | null;
}

/** Stored edits are checked before use: storage outlives versions of the app. */
export function isCartValue(value: unknown): value is CartValue {
  if (typeof value !== 'object' || value === null) return false;
  const { quantity } = value as Record<string, unknown>;
  return quantity === null || (typeof quantity === 'number' && Number.isFinite(quantity));
}
