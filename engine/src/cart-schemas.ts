import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { locationIdSchema } from './api-schemas.ts';
import { typedAtSchema } from './counting-schemas.ts';
import { isWholeCents } from './input/quantity.ts';
import { bodyId } from './input/record-id.ts';
import { text } from './input/text.ts';

/**
 * The Shopping List / View Cart API (product.md "Cart"): one cart per location, product → quantity, the
 * `suggested` state of requirements §4 and a note that becomes the order's note.
 */

const id = z.number().int().positive();
const isoDateTime = z.string();

export const MAX_ORDER_QUANTITY = 99_999;
export const MAX_NOTE_LENGTH = 1000;

/** A quantity to order; 0 means "none" (removes a cart line or an order line). */
export const orderQuantitySchema = z
  .number({ error: 'quantity must be a number' })
  .min(0, 'quantity cannot be negative')
  .max(MAX_ORDER_QUANTITY, `quantity can be at most ${MAX_ORDER_QUANTITY.toLocaleString('en-US')}`)
  // Quantities are stored with two decimals; a third one (or 5e-324) would be rounded away, so it is refused.
  .refine(isWholeCents, 'quantity can have at most 2 decimal places');

export const noteSchema = text('note', {
  max: MAX_NOTE_LENGTH,
  multiline: true,
  messages: { type: 'note must be text', tooLong: `A note can be at most ${MAX_NOTE_LENGTH} characters` },
});

export const personRefSchema = z.object({ id, name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

export const cartLineSchema = z.object({
  productId: id,
  productName: z.string(),
  category: z.string(),
  subcategory: z.string().nullable(),
  unit: z.string(),
  unitCost: z.number(),
  quantity: z.number(),
  /** What Suggest Orders proposed for this product, or null when the line was added by hand. */
  suggestedQuantity: z.number().nullable(),
  /**
   * The exact need of requirements §5 behind a suggestion (PAR minus count, capped), or null when the line was
   * added by hand. It differs from `suggestedQuantity` when the product is bought in whole units (decision 022).
   */
  neededQuantity: z.number().nullable(),
  lineTotal: z.number(),
  /**
   * False once the product was retired, or discontinued at this location, after it went on the list: Submit Order
   * refuses the list until the line is removed, so the screen says so beside the line first.
   */
  orderable: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  locationId: id,
  /** Requirements §4: true after Suggest Orders until the list is cleared or submitted. */
  suggested: z.boolean(),
  note: z.string(),
  updatedAt: isoDateTime.nullable(),
  updatedBy: personRefSchema.nullable(),
  lines: z.array(cartLineSchema),
  totals: z.object({ lineCount: z.number().int(), total: z.number() }),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartItemChangeSchema = strictBody({
  productId: bodyId('productId'),
  /** 0 or null removes the line. */
  quantity: orderQuantitySchema.nullable(),
  /**
   * When the person typed it, on the device's clock (decision 124): a change typed no later than the one already
   * applied to the product is not applied (a batch delivered late). Without it the change applies as it arrives.
   */
  typedAt: typedAtSchema.optional(),
});
export type CartItemChange = z.infer<typeof cartItemChangeSchema>;

/** A batch of autosaved edits; the last change of a product in the batch wins, like the last batch does. */
export const cartItemsBodySchema = strictBody({
  items: z
    .array(cartItemChangeSchema, { error: 'items must be a list of { productId, quantity }' })
    .min(1, 'items must name at least one product')
    .max(2000, 'At most 2000 items can be saved at once'),
});
export type CartItemsBody = z.infer<typeof cartItemsBodySchema>;

export const cartNoteBodySchema = strictBody({ note: noteSchema });
export type CartNoteBody = z.infer<typeof cartNoteBodySchema>;

/** The last change of each product in a batch, in first-seen order. */
export function lastChangePerProduct(items: readonly CartItemChange[]): CartItemChange[] {
  const byProduct = new Map<number, CartItemChange>();
  for (const item of items) byProduct.set(item.productId, item);
  return [...byProduct.values()];
}

/** The cart routes name the location in the path: `/api/cart/:locationId`. */
export const cartParamsSchema = z.object({ locationId: locationIdSchema });

/**
 * Suggest Orders' query. `again=true` suggests from a count an order was already submitted after: the person saw
 * that order named and chose to suggest the same shortfall again (count_already_ordered otherwise).
 */
export const suggestCartQuerySchema = z.object({
  again: z.enum(['true', 'false'], { error: "again must be 'true' or 'false'" }).optional(),
});
export type SuggestCartQuery = z.infer<typeof suggestCartQuerySchema>;

/**
 * An order's lines put back on its café's shopping list (a rejected or cancelled order corrected and sent again, or
 * a regular order made again): each line sets its product's quantity on the list; products no longer ordered there
 * are left out and named.
 */
export const copyOrderToCartResponseSchema = z.object({
  cart: cartSchema,
  /** Lines set on the list. */
  copied: z.number().int(),
  /** Products of the order not put on the list: retired, or discontinued at the café. */
  skipped: z.array(z.string()),
});
export type CopyOrderToCartResponse = z.infer<typeof copyOrderToCartResponseSchema>;
