import type { Db } from '@db/client.ts';

/**
 * For every line of the given orders: the quantity of that product on the same location's most recent
 * earlier order that was not cancelled or rejected (those never reached the shelf), or null when the
 * location never ordered the product before. Approval flags compare against it.
 */
export async function listPreviousLineQuantities(
  db: Db,
  orderIds: readonly number[],
): Promise<{ orderId: number; productId: number; previousQuantity: number | null }[]> {
  if (orderIds.length === 0) return [];
  return db.query(
    `SELECT ol.order_id AS "orderId", ol.product_id AS "productId", prev.quantity AS "previousQuantity"
       FROM order_lines ol
       JOIN orders o ON o.id = ol.order_id
       LEFT JOIN LATERAL (
         SELECT pl.quantity
           FROM orders po
           JOIN order_lines pl ON pl.order_id = po.id AND pl.product_id = ol.product_id
          WHERE po.location_id = o.location_id
            AND po.status NOT IN ('cancelled', 'rejected')
            AND (po.created_at, po.id) < (o.created_at, o.id)
          ORDER BY po.created_at DESC, po.id DESC
          LIMIT 1
       ) prev ON true
      WHERE ol.order_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int)`,
    [orderIds],
  );
}
