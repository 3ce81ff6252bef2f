import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { cartQuantitiesOf, lockCart, touchCart, upsertCartItems } from '@db/repositories/carts.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';

interface OrderLineToCopy {
  productId: number;
  productName: string;
  quantity: string | number;
  orderable: boolean;
}

export interface CopiedOrder {
  locationId: number;
  copied: number;
  skipped: string[];
}

/**
 * Puts an order's lines back on its café's shopping list. A rejected or cancelled order had emptied the list and
 * started the next count when it was submitted, so without this a corrected order meant a whole recount. Each line
 * sets its product's quantity (other lines of the list stay; `suggested` is left as it is); a product retired, or
 * discontinued at the café, since is left out and named. The route has checked the person's scope over the order.
 */
export async function copyOrderToCart(db: Db, actor: Actor, orderId: number): Promise<CopiedOrder> {
  return db.transaction(async (tx) => {
    const [order] = await tx.query<{ locationId: number; number: string }>(
      'SELECT location_id AS "locationId", number FROM orders WHERE id = $1',
      [orderId],
    );
    if (!order) throw AppError.notFound(`Order ${orderId} does not exist.`);
    const lines = await tx.query<OrderLineToCopy>(
      `SELECT ol.product_id AS "productId", p.name AS "productName", ol.quantity,
              (p.retired_at IS NULL AND lp.lifecycle IS DISTINCT FROM 'discontinued') AS orderable
         FROM order_lines ol
         JOIN products p ON p.id = ol.product_id
         LEFT JOIN location_products lp ON lp.product_id = ol.product_id AND lp.location_id = $2
        WHERE ol.order_id = $1
        ORDER BY p.name, p.id`,
      [orderId, order.locationId],
    );
    const toCopy = lines
      .filter((line) => line.orderable)
      .map((line) => ({ productId: line.productId, quantity: Number(line.quantity) }));
    const skipped = lines.filter((line) => !line.orderable).map((line) => line.productName);
    if (toCopy.length === 0) {
      throw new AppError(
        'products_not_orderable',
        lines.length === 0
          ? `Order ${order.number} has no lines to put on the list.`
          : `None of the products of order ${order.number} is ordered here any more: ${skipped.join(', ')}.`,
      );
    }

    await lockCart(tx, order.locationId);
    const before = await cartQuantitiesOf(
      tx,
      order.locationId,
      toCopy.map((line) => line.productId),
    );
    await upsertCartItems(tx, order.locationId, toCopy);
    await touchCart(tx, order.locationId, { actorId: actor.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'cart.items',
      entity: 'cart',
      entityId: String(order.locationId),
      locationId: order.locationId,
      before: { quantities: before },
      after: {
        fromOrder: order.number,
        quantities: Object.fromEntries(toCopy.map((line) => [String(line.productId), line.quantity])),
      },
    });
    return { locationId: order.locationId, copied: toCopy.length, skipped };
  });
}
