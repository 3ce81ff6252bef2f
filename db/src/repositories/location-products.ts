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
  /** When the change was typed (ISO 8601); now when left out. */
  typedAt?: string;
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
 * Applies a batch of changes in one statement; fields a change leaves out keep their value. A field takes a
 * change only when the change was typed after the field's stored value (decision 062): `typedAt` from the
 * device, capped at the server's clock, or now when the change carries none. Only rows whose values change get
 * a new updated_at/by. Returns the changed rows' new settings.
 */
export async function updateLocationProducts(
  tx: Db,
  input: { locationId: number; actorId: number; changes: readonly LocationProductChange[] },
): Promise<(LocationProductSettings & { productId: number })[]> {
  const rows = await tx.query<LocationProductSettings & { productId: number; changed: boolean }>(
    `WITH input AS (
       SELECT r."productId", r.par, r.lifecycle, r."stockStatus", r.backordered,
              LEAST(COALESCE(r."typedAt", now()), now()) AS typed_at
         FROM jsonb_to_recordset($2::jsonb) AS r("productId" int, par numeric, lifecycle text, "stockStatus" text,
                                                  backordered boolean, "typedAt" timestamptz)
     ),
     -- A field takes the change only if it was typed after the field's stored value.
     applied AS (
       SELECT i."productId", i.typed_at, t.*,
              (COALESCE(t.par, lp.par), COALESCE(t.lifecycle, lp.lifecycle),
               COALESCE(t."stockStatus", lp.stock_status), COALESCE(t.backordered, lp.backordered))
                IS DISTINCT FROM (lp.par, lp.lifecycle, lp.stock_status, lp.backordered)
                OR (t."stockStatus" IS NOT NULL AND lp.stock_status_set_at IS NULL) AS changed
         FROM input i
         JOIN location_products lp ON lp.location_id = $1 AND lp.product_id = i."productId"
        CROSS JOIN LATERAL (
          SELECT CASE WHEN lp.par_typed_at IS NULL OR i.typed_at > lp.par_typed_at THEN i.par END AS par,
                 CASE WHEN lp.lifecycle_typed_at IS NULL OR i.typed_at > lp.lifecycle_typed_at
                      THEN i.lifecycle END AS lifecycle,
                 CASE WHEN lp.stock_status_typed_at IS NULL OR i.typed_at > lp.stock_status_typed_at
                      THEN i."stockStatus" END AS "stockStatus",
                 CASE WHEN lp.backordered_typed_at IS NULL OR i.typed_at > lp.backordered_typed_at
                      THEN i.backordered END AS backordered
        ) t
        WHERE t.par IS NOT NULL OR t.lifecycle IS NOT NULL OR t."stockStatus" IS NOT NULL
           OR t.backordered IS NOT NULL
     )
     UPDATE location_products lp
        SET par = COALESCE(a.par, lp.par),
            lifecycle = COALESCE(a.lifecycle, lp.lifecycle),
            stock_status = COALESCE(a."stockStatus", lp.stock_status),
            backordered = COALESCE(a.backordered, lp.backordered),
            par_typed_at = CASE WHEN a.par IS NULL THEN lp.par_typed_at ELSE a.typed_at END,
            lifecycle_typed_at = CASE WHEN a.lifecycle IS NULL THEN lp.lifecycle_typed_at ELSE a.typed_at END,
            stock_status_typed_at = CASE WHEN a."stockStatus" IS NULL THEN lp.stock_status_typed_at ELSE a.typed_at END,
            backordered_typed_at = CASE WHEN a.backordered IS NULL THEN lp.backordered_typed_at ELSE a.typed_at END,
            -- A stock status sent here is chosen by a person: it stands until someone puts it back (decision 028).
            stock_status_set_at = CASE WHEN a."stockStatus" IS NOT NULL AND a.changed THEN now()
                                       ELSE lp.stock_status_set_at END,
            stock_status_set_by = CASE WHEN a."stockStatus" IS NOT NULL AND a.changed THEN $3
                                       ELSE lp.stock_status_set_by END,
            updated_at = CASE WHEN a.changed THEN now() ELSE lp.updated_at END,
            updated_by = CASE WHEN a.changed THEN $3 ELSE lp.updated_by END
       FROM applied a
      WHERE lp.location_id = $1 AND lp.product_id = a."productId"
     RETURNING lp.product_id AS "productId", lp.par, lp.lifecycle, lp.stock_status AS "stockStatus", lp.backordered,
               a.changed`,
    [input.locationId, input.changes, input.actorId],
  );
  return rows.filter((row) => row.changed).map(({ changed: _changed, ...row }) => row);
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
