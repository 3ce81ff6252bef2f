import { orderQuantitySchema } from '@engine/cart-schemas.ts';
import type { QuantityRule } from './quantity-text.ts';

/** Order quantities follow the cart's own rule (cents allowed, up to 99,999), not the counting quarters. */
export const orderQuantityRule: QuantityRule = (value) => {
  const parsed = orderQuantitySchema.safeParse(value);
  if (parsed.success) return null;
  return (parsed.error.issues[0]?.message ?? 'is not a quantity that can be ordered').replace(
    /^quantity /,
    '',
  );
};
