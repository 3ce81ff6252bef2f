import { orderQuantitySchema } from '@engine/cart-schemas.ts';

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * Reads a typed order quantity with the engine's rule (0 to 99,999, at most two decimals). A comma is read as
 * the decimal mark, as phones in many regions type it.
 */
export function parseQuantity(text: string): QuantityCheck {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: false, message: 'Enter a quantity; 0 removes the line.' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, message: 'Enter a number.' };
  const parsed = orderQuantitySchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Not a valid quantity';
    return { ok: false, message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.` };
  }
  return { ok: true, quantity: parsed.data };
}
