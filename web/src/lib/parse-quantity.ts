import { orderQuantitySchema } from '@engine/cart-schemas.ts';
import { readTypedDecimal } from '@engine/input/quantity.ts';

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * Reads a typed order quantity with the engine's rules: a plain decimal (a comma works as the decimal mark, as
 * phones in many regions type it, unless it could be a thousands separator), then 0 to 99,999 with at most two
 * decimals.
 */
export function parseQuantity(text: string): QuantityCheck {
  const typed = readTypedDecimal(text);
  if (typed.kind === 'empty') return { ok: false, message: 'Enter a quantity; 0 removes the line.' };
  if (typed.kind === 'ambiguous-comma') return { ok: false, message: `${typed.message}.` };
  if (typed.kind === 'negative')
    return { ok: false, message: 'A quantity can’t be negative; 0 removes the line.' };
  if (typed.kind === 'not-a-number' || !Number.isFinite(typed.value)) {
    return { ok: false, message: 'Enter a number.' };
  }
  const value = typed.value;
  const parsed = orderQuantitySchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Not a valid quantity';
    return { ok: false, message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.` };
  }
  return { ok: true, quantity: parsed.data };
}
