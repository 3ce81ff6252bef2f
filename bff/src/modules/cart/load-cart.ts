import type { Db } from '@db/client.ts';
import { findCartHeader, listCartLines } from '@db/repositories/carts.ts';
import { type Cart, cartSchema } from '@engine/cart-schemas.ts';
import { cartTotals } from '@engine/cart-totals.ts';

/** The location's cart; a location that never had one has an empty, unsuggested cart (nothing is written). */
export async function loadCart(db: Db, locationId: number): Promise<Cart> {
  const [header, lines] = await Promise.all([findCartHeader(db, locationId), listCartLines(db, locationId)]);
  return cartSchema.parse({
    locationId,
    suggested: header?.suggested ?? false,
    note: header?.note ?? '',
    updatedAt: header?.updatedAt ?? null,
    updatedBy: header?.updatedBy ?? null,
    lines,
    totals: cartTotals(lines),
  });
}
