import type { Db } from '@db/client.ts';
import type { Lifecycle } from '@engine/api-schemas.ts';
import { personNameSql } from './person-name.ts';
import { toIsoStringOrNull } from './timestamps.ts';

export interface ParLockRow {
  productId: number;
  productName: string;
  category: string;
  subcategory: string | null;
  par: number;
  lifecycle: Lifecycle;
  locked: boolean;
  lockedBy: { id: number; name: string } | null;
  lockedAt: string | null;
}

/** Every product still sold, with the location's PAR and lock (defaults when none was saved). */
export async function listParLocks(db: Db, locationId: number): Promise<ParLockRow[]> {
  const rows = await db.query<{
    productId: number;
    productName: string;
    category: string;
    subcategory: string | null;
    par: number;
    lifecycle: Lifecycle;
    locked: boolean;
    lockedById: number | null;
    lockedByName: string | null;
    lockedAt: unknown;
  }>(
    `SELECT p.id AS "productId", p.name AS "productName", p.cafe_order_category AS category,
            p.order_subcategory AS subcategory, COALESCE(lp.par, 0) AS par,
            COALESCE(lp.lifecycle, 'active') AS lifecycle, COALESCE(lp.par_locked, false) AS locked,
            CASE WHEN lp.par_locked THEN lp.par_locked_by END AS "lockedById",
            CASE WHEN lp.par_locked THEN ${personNameSql('u')} END AS "lockedByName",
            CASE WHEN lp.par_locked THEN lp.par_locked_at END AS "lockedAt"
       FROM products p
       LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = $1
       LEFT JOIN users u ON u.id = lp.par_locked_by
       LEFT JOIN categories c ON c.name = p.cafe_order_category
      WHERE p.retired_at IS NULL
      ORDER BY c.display_order NULLS LAST, p.cafe_order_category, p.name, p.id`,
    [locationId],
  );
  return rows.map((row) => ({
    productId: row.productId,
    productName: row.productName,
    category: row.category,
    subcategory: row.subcategory,
    par: row.par,
    lifecycle: row.lifecycle,
    locked: row.locked,
    lockedBy: row.lockedById === null ? null : { id: row.lockedById, name: row.lockedByName ?? '' },
    lockedAt: toIsoStringOrNull(row.lockedAt),
  }));
}

/** Ids of the products still sold, optionally only those of one category. */
export async function listCurrentProductIds(db: Db, category?: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM products WHERE retired_at IS NULL AND ($1::text IS NULL OR cafe_order_category = $1::text)
      ORDER BY id`,
    [category ?? null],
  );
  return rows.map((row) => row.id);
}

/**
 * Locks or unlocks the PARs of the given products at the location and returns the products whose state
 * changed. Locking creates the location's row when the product had none; locking a locked PAR keeps who
 * locked it and when; unlocking forgets both. PAR values and their last editor are left alone.
 */
export async function setParLocks(
  tx: Db,
  change: { locationId: number; productIds: readonly number[]; locked: boolean; actorId: number },
): Promise<number[]> {
  if (change.productIds.length === 0) return [];
  const rows = change.locked
    ? await tx.query<{ productId: number }>(
        `INSERT INTO location_products (location_id, product_id, par_locked, par_locked_by, par_locked_at)
         SELECT $1, value::int, true, $3, now() FROM jsonb_array_elements_text($2::jsonb)
         ON CONFLICT (location_id, product_id) DO UPDATE
           SET par_locked = true, par_locked_by = excluded.par_locked_by, par_locked_at = excluded.par_locked_at
           WHERE NOT location_products.par_locked
         RETURNING product_id AS "productId"`,
        [change.locationId, change.productIds, change.actorId],
      )
    : await tx.query<{ productId: number }>(
        `UPDATE location_products SET par_locked = false, par_locked_by = NULL, par_locked_at = NULL
          WHERE location_id = $1 AND par_locked
            AND product_id IN (SELECT jsonb_array_elements_text($2::jsonb)::int)
         RETURNING product_id AS "productId"`,
        [change.locationId, change.productIds],
      );
  return rows.map((row) => row.productId).sort((a, b) => a - b);
}
