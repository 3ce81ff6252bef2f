import type { Db } from '@db/client.ts';
import type { Lifecycle } from '@engine/api-schemas.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

export interface CartHeader {
  suggested: boolean;
  note: string;
  updatedAt: string | null;
  updatedBy: { id: number; name: string } | null;
}

export interface CartLineRow {
  productId: number;
  productName: string;
  category: string;
  subcategory: string | null;
  unit: string;
  unitCost: number;
  quantity: number;
  suggestedQuantity: number | null;
  neededQuantity: number | null;
  lineTotal: number;
  orderable: boolean;
}

/** The cart's own state, or null when the location never had one (an empty, unsuggested cart). */
export async function findCartHeader(db: Db, locationId: number): Promise<CartHeader | null> {
  const [row] = await db.query<{
    suggested: boolean;
    note: string;
    updatedAt: unknown;
    updatedById: number | null;
    updatedByName: string | null;
  }>(
    `SELECT c.suggested, c.note, c.updated_at AS "updatedAt", c.updated_by AS "updatedById",
            ${personNameSql('u')} AS "updatedByName"
       FROM carts c LEFT JOIN users u ON u.id = c.updated_by
      WHERE c.location_id = $1`,
    [locationId],
  );
  if (!row) return null;
  return {
    suggested: row.suggested,
    note: row.note,
    updatedAt: toIsoStringOrNull(row.updatedAt),
    updatedBy: row.updatedById === null ? null : { id: row.updatedById, name: row.updatedByName ?? '' },
  };
}

/** Lines in the order the Shopping List shows categories (display order, unknown ones last), then by name. */
export async function listCartLines(db: Db, locationId: number): Promise<CartLineRow[]> {
  return db.query<CartLineRow>(
    `SELECT p.id AS "productId", p.name AS "productName", p.cafe_order_category AS category,
            p.order_subcategory AS subcategory, p.unit, p.unit_cost AS "unitCost", ci.quantity,
            ci.suggested_quantity AS "suggestedQuantity", ci.needed_quantity AS "neededQuantity",
            round(ci.quantity * p.unit_cost, 2) AS "lineTotal",
            (p.retired_at IS NULL AND lp.lifecycle IS DISTINCT FROM 'discontinued') AS orderable
       FROM cart_items ci
       JOIN products p ON p.id = ci.product_id
       LEFT JOIN location_products lp ON lp.product_id = ci.product_id AND lp.location_id = ci.location_id
       LEFT JOIN categories c ON c.name = p.cafe_order_category
      WHERE ci.location_id = $1
      ORDER BY c.display_order NULLS LAST, p.cafe_order_category, p.name, p.id`,
    [locationId],
  );
}

/**
 * Creates the location's cart if needed and locks it until the transaction ends. Every cart write takes
 * this lock first, so a submit never sees half of a concurrent edit and order numbers of one location are
 * handed out one at a time. Call inside a transaction.
 */
export async function lockCart(tx: Db, locationId: number): Promise<{ suggested: boolean; note: string }> {
  await tx.query('INSERT INTO carts (location_id) VALUES ($1) ON CONFLICT (location_id) DO NOTHING', [
    locationId,
  ]);
  const [row] = await tx.query<{ suggested: boolean; note: string }>(
    'SELECT suggested, note FROM carts WHERE location_id = $1 FOR UPDATE',
    [locationId],
  );
  if (!row) throw new Error(`The cart of location ${locationId} vanished inside its own transaction`);
  return row;
}

export async function touchCart(
  tx: Db,
  locationId: number,
  change: { actorId: number; suggested?: boolean; note?: string },
): Promise<void> {
  await tx.query(
    `UPDATE carts SET suggested = COALESCE($2, suggested), note = COALESCE($3, note),
                      updated_at = now(), updated_by = $4
      WHERE location_id = $1`,
    [locationId, change.suggested ?? null, change.note ?? null, change.actorId],
  );
}

// Lists travel as one jsonb parameter: both drivers send a JS array as JSON for it, whatever its length.

/** Sets quantities; a later write of the same product simply replaces an earlier one (last write wins). */
export async function upsertCartItems(
  tx: Db,
  locationId: number,
  items: readonly { productId: number; quantity: number }[],
): Promise<void> {
  if (items.length === 0) return;
  await tx.query(
    `INSERT INTO cart_items (location_id, product_id, quantity)
     SELECT $1, r."productId", r.quantity FROM jsonb_to_recordset($2::jsonb) AS r("productId" int, quantity numeric)
     ON CONFLICT (location_id, product_id)
     DO UPDATE SET quantity = excluded.quantity, updated_at = now()`,
    [locationId, items],
  );
}

export async function deleteCartItems(
  tx: Db,
  locationId: number,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  await tx.query(
    `DELETE FROM cart_items
      WHERE location_id = $1 AND product_id IN (SELECT jsonb_array_elements_text($2::jsonb)::int)`,
    [locationId, productIds],
  );
}

/** Quantities of the given products in the cart now, for the audit log's "before". */
export async function cartQuantitiesOf(
  tx: Db,
  locationId: number,
  productIds: readonly number[],
): Promise<Record<string, number>> {
  const rows = await tx.query<{ productId: number; quantity: number }>(
    `SELECT product_id AS "productId", quantity FROM cart_items
      WHERE location_id = $1 AND product_id IN (SELECT jsonb_array_elements_text($2::jsonb)::int)`,
    [locationId, productIds],
  );
  return Object.fromEntries(rows.map((row) => [String(row.productId), row.quantity]));
}

/**
 * Of the typed changes, the products whose change was typed no later than the one already applied (decision 124):
 * a batch delivered late, after a newer one. A time in the future counts as now, as for counts (decision 009).
 */
export async function supersededCartChanges(
  tx: Db,
  locationId: number,
  changes: readonly { productId: number; typedAt: string }[],
): Promise<Set<number>> {
  if (changes.length === 0) return new Set();
  const rows = await tx.query<{ productId: number }>(
    `SELECT r."productId"
       FROM jsonb_to_recordset($2::jsonb) AS r("productId" int, "typedAt" timestamptz)
       JOIN cart_item_typed t ON t.location_id = $1 AND t.product_id = r."productId"
      WHERE LEAST(r."typedAt", now()) <= t.typed_at`,
    [locationId, changes],
  );
  return new Set(rows.map((row) => row.productId));
}

/**
 * Remembers when the applied changes were typed. A change sent without its time forgets the product's: stamped with
 * the server's now, it would hold back a change typed just after it on a phone whose clock runs a little slow.
 */
export async function recordCartTypedTimes(
  tx: Db,
  locationId: number,
  changes: readonly { productId: number; typedAt: string | null }[],
): Promise<void> {
  const timed = changes.filter((change) => change.typedAt !== null);
  const untimed = changes.filter((change) => change.typedAt === null).map((change) => change.productId);
  if (timed.length > 0) {
    await tx.query(
      `INSERT INTO cart_item_typed (location_id, product_id, typed_at)
       SELECT $1, r."productId", LEAST(r."typedAt", now())
         FROM jsonb_to_recordset($2::jsonb) AS r("productId" int, "typedAt" timestamptz)
       ON CONFLICT (location_id, product_id) DO UPDATE SET typed_at = excluded.typed_at`,
      [locationId, timed],
    );
  }
  if (untimed.length > 0) {
    await tx.query(
      `DELETE FROM cart_item_typed
        WHERE location_id = $1 AND product_id IN (SELECT jsonb_array_elements_text($2::jsonb)::int)`,
      [locationId, untimed],
    );
  }
}

/** Empties the cart's lines; returns how many there were. */
export async function clearCartItems(tx: Db, locationId: number): Promise<number> {
  const rows = await tx.query('DELETE FROM cart_items WHERE location_id = $1 RETURNING 1', [locationId]);
  return rows.length;
}

/** Replaces every line with the suggestions, remembering each suggested quantity beside the quantity. */
export async function replaceCartWithSuggestions(
  tx: Db,
  locationId: number,
  lines: readonly { productId: number; quantity: number; needed: number }[],
): Promise<void> {
  await clearCartItems(tx, locationId);
  if (lines.length === 0) return;
  await tx.query(
    `INSERT INTO cart_items (location_id, product_id, quantity, suggested_quantity, needed_quantity)
     SELECT $1, r."productId", r.quantity, r.quantity, r.needed
       FROM jsonb_to_recordset($2::jsonb) AS r("productId" int, quantity numeric, needed numeric)`,
    [locationId, lines],
  );
}

export interface OrderableProduct {
  id: number;
  name: string;
  retired: boolean;
  lifecycle: Lifecycle;
}

/** The named products with their state at the location; ids that match no product are simply absent. */
export async function findOrderableProducts(
  db: Db,
  locationId: number,
  productIds: readonly number[],
): Promise<OrderableProduct[]> {
  if (productIds.length === 0) return [];
  return db.query<OrderableProduct>(
    `SELECT p.id, p.name, p.retired_at IS NOT NULL AS retired, COALESCE(lp.lifecycle, 'active') AS lifecycle
       FROM products p
       LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = $1
      WHERE p.id IN (SELECT jsonb_array_elements_text($2::jsonb)::int)`,
    [locationId, productIds],
  );
}

export interface SuggestionSourceRow {
  productId: number;
  par: number;
  count: number | null;
  confirmed: boolean;
  maximumStockQuantity: number | null;
  lifecycle: Lifecycle;
  boughtWhole: boolean;
}

/**
 * What Suggest Orders needs of every product still sold: the location's PAR and lifecycle, the product's
 * cap and its entry in the count session the active completion closed. Products with a PAR but no entry
 * come back with a null count (the rule then suggests nothing).
 */
export async function listSuggestionSources(
  db: Db,
  locationId: number,
  countSessionId: number,
): Promise<SuggestionSourceRow[]> {
  return db.query<SuggestionSourceRow>(
    `SELECT p.id AS "productId", COALESCE(lp.par, 0) AS par, ci.count, COALESCE(ci.confirmed, false) AS confirmed,
            p.maximum_stock_quantity AS "maximumStockQuantity", COALESCE(lp.lifecycle, 'active') AS lifecycle,
            p.bought_whole AS "boughtWhole"
       FROM products p
       LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = $1
       LEFT JOIN count_items ci ON ci.product_id = p.id AND ci.session_id = $2
      WHERE p.retired_at IS NULL
      ORDER BY p.id`,
    [locationId, countSessionId],
  );
}

/** The count session the location's active completion closed, or null when there is no active completion. */
export async function findActiveCompletionSession(
  db: Db,
  locationId: number,
): Promise<{ completionId: number; sessionId: number | null } | null> {
  const [row] = await db.query<{ completionId: number; sessionId: number | null }>(
    `SELECT id AS "completionId", session_id AS "sessionId"
       FROM count_completions WHERE location_id = $1 AND is_active`,
    [locationId],
  );
  return row ?? null;
}

/** An order submitted at the location after a count's completion: what Suggest Orders names before suggesting again. */
export interface OrderSinceCompletion {
  number: string;
  submittedBy: string | null;
  submittedAt: string;
  completedAt: string;
  timezone: string;
}

/**
 * The latest order submitted at the café after completion `completionId`, still going ahead (not rejected or
 * cancelled, which leave the shortfall unordered), or null.
 */
export async function findOrderSinceCompletion(
  db: Db,
  completionId: number,
): Promise<OrderSinceCompletion | null> {
  const [row] = await db.query<{
    number: string;
    submittedBy: string | null;
    submittedAt: unknown;
    completedAt: unknown;
    timezone: string;
  }>(
    `SELECT o.number, ${personNameSql('u')} AS "submittedBy", o.created_at AS "submittedAt",
            cc.completed_at AS "completedAt", l.timezone
       FROM count_completions cc
       JOIN locations l ON l.id = cc.location_id
       JOIN orders o ON o.location_id = cc.location_id AND o.created_at > cc.completed_at
                    AND o.status NOT IN ('rejected', 'cancelled')
       LEFT JOIN users u ON u.id = o.created_by
      WHERE cc.id = $1
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT 1`,
    [completionId],
  );
  return row
    ? { ...row, submittedAt: toIsoString(row.submittedAt), completedAt: toIsoString(row.completedAt) }
    : null;
}
