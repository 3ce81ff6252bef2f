import type { Db } from '@db/client.ts';
import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';
import type { InventoryManagementRow } from '@engine/inventory-management-schemas.ts';
import { locationSettingsColumnsSql } from './location-settings-sql.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

interface StoredRow {
  productId: number;
  productName: string;
  sku: string | null;
  category: string;
  subcategory: string | null;
  unit: string;
  unitCost: number;
  par: number;
  parLocked: boolean;
  parLockedBy: string | null;
  parLockedAt: unknown;
  lifecycle: Lifecycle;
  backordered: boolean;
  overrideValue: StockStatus | null;
  overrideBy: string | null;
  overrideAt: unknown;
  countValue: number | null;
  countConfirmed: boolean;
  countedAt: unknown;
  countedBy: string | null;
  countSessionId: number | null;
  countStartedAt: unknown;
  countCompletedAt: unknown;
}

/**
 * Every product still sold, with the location's settings (the defaults when none were saved) and its latest
 * counted value at the location across all counts, open or completed, with the count it came from. One
 * statement: the latest count per product is taken from this location's count items only.
 */
export async function listInventoryManagement(db: Db, locationId: number): Promise<InventoryManagementRow[]> {
  const rows = await db.query<StoredRow>(
    `WITH sessions AS (
       SELECT cs.id, cs.started_at,
              (SELECT max(cc.completed_at) FROM count_completions cc WHERE cc.session_id = cs.id) AS completed_at
         FROM count_sessions cs
        WHERE cs.location_id = $1
     ), latest AS (
       SELECT DISTINCT ON (ci.product_id) ci.product_id, ci.count, ci.confirmed, ci.updated_at, ci.updated_by,
              ci.session_id
         FROM count_items ci
         JOIN sessions s ON s.id = ci.session_id
        WHERE ci.count IS NOT NULL
        ORDER BY ci.product_id, ci.updated_at DESC, ci.session_id DESC
     )
     SELECT p.id AS "productId", p.name AS "productName", p.sku, p.cafe_order_category AS category,
            p.order_subcategory AS subcategory, p.unit, p.unit_cost AS "unitCost",
            ${locationSettingsColumnsSql('lp', 'lu')},
            CASE WHEN lp.stock_status_set_at IS NOT NULL THEN lp.stock_status END AS "overrideValue",
            CASE WHEN lp.stock_status_set_at IS NOT NULL THEN ${personNameSql('su')} END AS "overrideBy",
            lp.stock_status_set_at AS "overrideAt",
            l.count AS "countValue", COALESCE(l.confirmed, false) AS "countConfirmed", l.updated_at AS "countedAt", ${personNameSql('cu')} AS "countedBy",
            l.session_id AS "countSessionId", s.started_at AS "countStartedAt", s.completed_at AS "countCompletedAt"
       FROM products p
       LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = $1
       LEFT JOIN users lu ON lu.id = lp.par_locked_by
       LEFT JOIN users su ON su.id = lp.stock_status_set_by
       LEFT JOIN latest l ON l.product_id = p.id
       LEFT JOIN sessions s ON s.id = l.session_id
       LEFT JOIN users cu ON cu.id = l.updated_by
      WHERE p.retired_at IS NULL
      ORDER BY p.name, p.id`,
    [locationId],
  );
  return rows.map((row) => ({
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    category: row.category,
    subcategory: row.subcategory,
    unit: row.unit,
    unitCost: Number(row.unitCost),
    par: Number(row.par),
    parLocked: row.parLocked,
    parLockedBy: row.parLockedBy,
    parLockedAt: toIsoStringOrNull(row.parLockedAt),
    lifecycle: row.lifecycle,
    backordered: row.backordered,
    stockStatusOverride:
      row.overrideValue === null
        ? null
        : { value: row.overrideValue, setBy: row.overrideBy, setAt: toIsoString(row.overrideAt) },
    lastCount:
      row.countValue === null || row.countSessionId === null
        ? null
        : {
            value: Number(row.countValue),
            confirmed: row.countConfirmed,
            countedAt: toIsoString(row.countedAt),
            countedBy: row.countedBy,
            countSessionId: row.countSessionId,
            countStartedAt: toIsoString(row.countStartedAt),
            countCompletedAt: toIsoStringOrNull(row.countCompletedAt),
          },
  }));
}

/** What the bulk change needs of each named product at the location, locked until the transaction ends. */
export interface BulkTargetRow {
  productId: number;
  productName: string;
  lifecycle: Lifecycle;
  parLocked: boolean;
  parLockedBy: string | null;
  stockStatus: StockStatus;
  stockStatusSet: boolean;
  backordered: boolean;
}

/**
 * The named products still sold, with their settings at the location; rows are created on first write (with
 * the defaults reads show) and locked, so the rules and the update see the same values. Call inside a
 * transaction. Products that do not exist or are retired are absent from the answer.
 */
export async function lockBulkTargets(
  tx: Db,
  locationId: number,
  productIds: readonly number[],
): Promise<BulkTargetRow[]> {
  await tx.query(
    `INSERT INTO location_products (location_id, product_id)
     SELECT $1, p.id FROM products p
      WHERE p.retired_at IS NULL AND p.id IN (SELECT value::int FROM jsonb_array_elements_text($2::jsonb))
     ON CONFLICT (location_id, product_id) DO NOTHING`,
    [locationId, productIds],
  );
  return tx.query<BulkTargetRow>(
    `SELECT lp.product_id AS "productId", p.name AS "productName", lp.lifecycle, lp.par_locked AS "parLocked",
            CASE WHEN lp.par_locked THEN ${personNameSql('lu')} END AS "parLockedBy",
            lp.stock_status AS "stockStatus", lp.stock_status_set_at IS NOT NULL AS "stockStatusSet",
            lp.backordered
       FROM location_products lp
       JOIN products p ON p.id = lp.product_id AND p.retired_at IS NULL
       LEFT JOIN users lu ON lu.id = lp.par_locked_by
      WHERE lp.location_id = $1
        AND lp.product_id IN (SELECT value::int FROM jsonb_array_elements_text($2::jsonb))
      ORDER BY lp.product_id
      FOR UPDATE OF lp`,
    [locationId, productIds],
  );
}

/** The names of products that exist (retired or not), for the reason of a refused row. */
export async function productNames(db: Db, productIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM products WHERE id IN (SELECT value::int FROM jsonb_array_elements_text($1::jsonb))`,
    [productIds],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

export interface BulkSettingsUpdate {
  productIds: readonly number[];
  lifecycle?: Lifecycle;
  /** null: back to the status the count says. */
  stockStatus?: StockStatus | null;
  backordered?: boolean;
}

/** Applies one change to the given products at the location in one statement (the rules have passed). */
export async function applyBulkSettings(
  tx: Db,
  locationId: number,
  actorId: number,
  update: BulkSettingsUpdate,
): Promise<void> {
  const setStatus = update.stockStatus !== undefined;
  const status = update.stockStatus ?? null;
  await tx.query(
    `UPDATE location_products
        SET lifecycle = COALESCE($3::text, lifecycle),
            backordered = COALESCE($4::boolean, backordered),
            stock_status = CASE WHEN $5::boolean THEN COALESCE($6::text, 'in_stock') ELSE stock_status END,
            stock_status_set_at = CASE WHEN NOT $5::boolean THEN stock_status_set_at
                                       WHEN $6::text IS NULL THEN NULL ELSE now() END,
            stock_status_set_by = CASE WHEN NOT $5::boolean THEN stock_status_set_by
                                       WHEN $6::text IS NULL THEN NULL ELSE $7::int END,
            -- Typed now, so an older edit still waiting on a phone does not undo it (decision 062).
            lifecycle_typed_at = CASE WHEN $3::text IS NULL THEN lifecycle_typed_at ELSE now() END,
            backordered_typed_at = CASE WHEN $4::boolean IS NULL THEN backordered_typed_at ELSE now() END,
            stock_status_typed_at = CASE WHEN $5::boolean THEN now() ELSE stock_status_typed_at END,
            updated_at = now(),
            updated_by = $7::int
      WHERE location_id = $1 AND product_id IN (SELECT value::int FROM jsonb_array_elements_text($2::jsonb))`,
    [
      locationId,
      update.productIds,
      update.lifecycle ?? null,
      update.backordered ?? null,
      setStatus,
      status,
      actorId,
    ],
  );
}
