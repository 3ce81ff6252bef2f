import { orderQuantitySchema } from '@engine/cart-schemas.ts';
import type { QuantityRule } from './quantity-text.ts';

/** A Shopping List row's edit: the quantity to order; 0 or empty takes the product off the list. */
export interface CartValue {
  quantity: number | null;
}

export function isCartValue(value: unknown): value is CartValue {
  if (typeof value !== 'object' || value === null) return false;
  const { quantity } = value as Record<string, unknown>;
  return quantity === null || (typeof quantity === 'number' && Number.isFinite(quantity));
}

/** Order quantities follow the cart's own rule (cents allowed, up to 99,999), not the counting quarters. */
export const orderQuantityRule: QuantityRule = (value) => {
  const parsed = orderQuantitySchema.safeParse(value);
  if (parsed.success) return null;
  return (parsed.error.issues[0]?.message ?? 'is not a quantity that can be ordered').replace(
    /^quantity /,
    '',
  );
};
