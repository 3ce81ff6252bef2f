import type { Db } from '@db/client.ts';

/**
 * Keeps `location_products.stock_status` true for the products nobody set a status for (decision 028): the
 * screens that read the stored column (Set PARs, through GET /api/inventory) then show what Inventory
 * Management derives, without deriving it in their own, hot read.
 *
 * The rule is the engine's `deriveStockStatus` written as SQL (a test holds the two together): nothing on
 * hand is out, less than the PAR is low, the PAR or more is in stock. The latest count is the one Inventory
 * Management shows: the newest value typed for the product in any count of the café. A product never
 * counted keeps its stored value (there is nothing to derive). A hand-set status (`stock_status_set_at`)
 * is never touched. Only rows that exist are written: a settings row is not created for a count.
 */
const DERIVED = `CASE WHEN l.count <= 0 THEN 'out' WHEN l.count < lp.par THEN 'low' ELSE 'in_stock' END`;

const STORE_DERIVED = (targets: string) => `
  WITH targets AS (${targets}),
  latest AS (
    SELECT DISTINCT ON (t.location_id, ci.product_id) t.location_id, ci.product_id, ci.count
      FROM targets t
      JOIN count_sessions cs ON cs.location_id = t.location_id
      JOIN count_items ci ON ci.session_id = cs.id AND ci.product_id = t.product_id
     WHERE ci.count IS NOT NULL
     ORDER BY t.location_id, ci.product_id, ci.updated_at DESC, ci.session_id DESC
  )
  UPDATE location_products lp
     SET stock_status = ${DERIVED}
    FROM latest l
   WHERE lp.location_id = l.location_id AND lp.product_id = l.product_id
     AND lp.stock_status_set_at IS NULL
     AND lp.stock_status IS DISTINCT FROM ${DERIVED}`;

/** Every product of the café (a count was completed): one statement. Returns the rows it changed. */
export async function storeDerivedStockStatusesAt(db: Db, locationId: number): Promise<number> {
  const rows = await db.query(
    `${STORE_DERIVED(
      `SELECT location_id, product_id FROM location_products WHERE location_id = $1::int AND stock_status_set_at IS NULL`,
    )} RETURNING 1`,
    [locationId],
  );
  return rows.length;
}

/** The given products at the given cafés (their PAR or their hand-set status changed): one statement. */
export async function storeDerivedStockStatuses(
  db: Db,
  targets: readonly { locationId: number; productId: number }[],
): Promise<number> {
  if (targets.length === 0) return 0;
  const rows = await db.query(
    `${STORE_DERIVED(
      `SELECT DISTINCT r.l AS location_id, r.p AS product_id FROM jsonb_to_recordset($1::jsonb) AS r(l int, p int)`,
    )} RETURNING 1`,
    [targets.map((target) => ({ l: target.locationId, p: target.productId }))],
  );
  return rows.length;
}
