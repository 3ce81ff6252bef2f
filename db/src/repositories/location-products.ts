import type { Db } from '@db/client.ts';
import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

/** A product's settings at one location, as the PAR writes answer them. */
export interface LocationProductRow {
  productId: number;
  productName: string;
  par: number;
  parLocked: boolean;
  parLockedBy: { id: number; name: string } | null;
  parLockedAt: string | null;
  lifecycle: Lifecycle;
  stockStatus: StockStatus;
  backordered: boolean;
  updatedAt: string;
  updatedBy: { id: number; name: string } | null;
}

export interface LocationProductChange {
  productId: number;
  par?: number;
  lifecycle?: Lifecycle;
  stockStatus?: StockStatus;
  backordered?: boolean;
}

/** The fields a change may touch, as the audit log records them before and after. */
export interface LocationProductSettings {
  par: number;
  lifecycle: Lifecycle;
  stockStatus: StockStatus;
  backordered: boolean;
}

/** Products still sold among `productIds`, by id with their names; the others do not exist or are retired. */
export async function findSoldProducts(db: Db, productIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM products
      WHERE retired_at IS NULL AND id IN (SELECT value::int FROM jsonb_array_elements_text($1::jsonb))`,
    [productIds],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Creates the location's rows for products that have none yet (with the defaults reads show) and locks
 * every row of the batch until the transaction ends, so the lock check and the update see the same values.
 * Returns the settings before the change. Call inside a transaction.
 */
export async function lockLocationProducts(
  tx: Db,
  locationId: number,
  productIds: readonly number[],
): Promise<(LocationProductSettings & { productId: number; parLocked: boolean })[]> {
  await tx.query(
    `INSERT INTO location_products (location_id, product_id)
     SELECT $1, value::int FROM jsonb_array_elements_text($2::jsonb)
     ON CONFLICT (location_id, product_id) DO NOTHING`,
    [locationId, productIds],
  );
  return tx.query(
    `SELECT product_id AS "productId", par, par_locked AS "parLocked", lifecycle, stock_status AS "stockStatus",
            backordered
       FROM location_products
      WHERE location_id = $1 AND product_id IN (SELECT value::int FROM jsonb_array_elements_text($2::jsonb))
      ORDER BY product_id
      FOR UPDATE`,
    [locationId, productIds],
  );
}

/**
 * Applies a batch of changes in one statement; fields a change leaves out keep their value. Only rows whose
 * values change are written (and get a new updated_at/by). Returns the changed rows' new settings.
 */
export async function updateLocationProducts(
  tx: Db,
  input: { locationId: number; actorId: number; changes: readonly LocationProductChange[] },
): Promise<(LocationProductSettings & { productId: number })[]> {
  return tx.query(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb)
           AS r("productId" int, par numeric, lifecycle text, "stockStatus" text, backordered boolean)
     )
     UPDATE location_products lp
        SET par = COALESCE(i.par, lp.par),
            lifecycle = COALESCE(i.lifecycle, lp.lifecycle),
            stock_status = COALESCE(i."stockStatus", lp.stock_status),
            backordered = COALESCE(i.backordered, lp.backordered),
            -- A stock status sent here is chosen by a person: it stands until someone puts it back (decision 028).
            stock_status_set_at = CASE WHEN i."stockStatus" IS NULL THEN lp.stock_status_set_at ELSE now() END,
            stock_status_set_by = CASE WHEN i."stockStatus" IS NULL THEN lp.stock_status_set_by ELSE $3 END,
            updated_at = now(),
            updated_by = $3
       FROM input i
      WHERE lp.location_id = $1 AND lp.product_id = i."productId"
        AND ((COALESCE(i.par, lp.par), COALESCE(i.lifecycle, lp.lifecycle),
              COALESCE(i."stockStatus", lp.stock_status), COALESCE(i.backordered, lp.backordered))
             IS DISTINCT FROM (lp.par, lp.lifecycle, lp.stock_status, lp.backordered)
             OR (i."stockStatus" IS NOT NULL AND lp.stock_status_set_at IS NULL))
     RETURNING lp.product_id AS "productId", lp.par, lp.lifecycle, lp.stock_status AS "stockStatus", lp.backordered`,
    [input.locationId, input.changes, input.actorId],
  );
}

/** The stored settings of the given products at a location (rows must exist: see lockLocationProducts). */
export async function listLocationProducts(
  db: Db,
  locationId: number,
  productIds: readonly number[],
): Promise<LocationProductRow[]> {
  const rows = await db.query<{
    productId: number;
    productName: string;
    par: number;
    parLocked: boolean;
    parLockedById: number | null;
    parLockedByName: string | null;
    parLockedAt: unknown;
    lifecycle: Lifecycle;
    stockStatus: StockStatus;
    backordered: boolean;
    updatedAt: unknown;
    updatedById: number | null;
    updatedByName: string | null;
  }>(
    `SELECT lp.product_id AS "productId", p.name AS "productName", lp.par, lp.par_locked AS "parLocked",
            lp.par_locked_by AS "parLockedById", ${personNameSql('lu')} AS "parLockedByName",
            lp.par_locked_at AS "parLockedAt", lp.lifecycle, lp.stock_status AS "stockStatus", lp.backordered,
            lp.updated_at AS "updatedAt", lp.updated_by AS "updatedById", ${personNameSql('uu')} AS "updatedByName"
       FROM location_products lp
       JOIN products p ON p.id = lp.product_id
       LEFT JOIN users lu ON lu.id = lp.par_locked_by
       LEFT JOIN users uu ON uu.id = lp.updated_by
      WHERE lp.location_id = $1 AND lp.product_id IN (SELECT value::int FROM jsonb_array_elements_text($2::jsonb))
      ORDER BY p.name, p.id`,
    [locationId, productIds],
  );
  return rows.map((row) => ({
    productId: row.productId,
    productName: row.productName,
    par: row.par,
    parLocked: row.parLocked,
    parLockedBy:
      row.parLockedById === null ? null : { id: row.parLockedById, name: row.parLockedByName ?? '' },
    parLockedAt: toIsoStringOrNull(row.parLockedAt),
    lifecycle: row.lifecycle,
    stockStatus: row.stockStatus,
    backordered: row.backordered,
    updatedAt: toIsoString(row.updatedAt),
    updatedBy: row.updatedById === null ? null : { id: row.updatedById, name: row.updatedByName ?? '' },
  }));
}
