import type { Db } from '@db/client.ts';
import type { ParImportCatalog, PlannedPar, StoredPar } from '@engine/par-import-rows.ts';

/** Every location and product an import row may name, with what makes one unusable (deactivated, retired). */
export async function loadParImportCatalog(db: Db): Promise<ParImportCatalog> {
  const [locations, products] = await Promise.all([
    db.query<{ id: number; code: string; active: boolean }>(
      'SELECT id, code, active FROM locations ORDER BY id',
    ),
    db.query<{ id: number; name: string; sku: string | null; barcode: string | null; retired: boolean }>(
      'SELECT id, name, sku, barcode, retired_at IS NOT NULL AS retired FROM products ORDER BY id',
    ),
  ]);
  return { locations, products };
}

export interface ImportActor {
  id: number;
  email: string;
  role: string;
  active: boolean;
}

export async function findUserByEmail(db: Db, email: string): Promise<ImportActor | null> {
  const [row] = await db.query<ImportActor>(
    'SELECT id, email, role_key AS role, active FROM users WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  return row ?? null;
}

/** Stored PARs by location id, then product id: one read for every location the file names. */
export type StoredPars = Map<number, Map<number, StoredPar>>;

export async function loadStoredPars(db: Db, locationIds: readonly number[]): Promise<StoredPars> {
  const rows = await db.query<{ locationId: number; productId: number; par: number; locked: boolean }>(
    `SELECT location_id AS "locationId", product_id AS "productId", par, par_locked AS locked
       FROM location_products WHERE location_id = ANY($1::int[])`,
    [locationIds],
  );
  const stored: StoredPars = new Map();
  for (const row of rows) {
    let byProduct = stored.get(row.locationId);
    if (!byProduct) {
      byProduct = new Map();
      stored.set(row.locationId, byProduct);
    }
    byProduct.set(row.productId, { par: row.par, locked: row.locked });
  }
  return stored;
}

/** Someone changed or locked PARs the import was about to write; the caller rolls the import back. */
export class ParImportConflictError extends Error {
  constructor(missed: number) {
    super(
      `${missed} ${missed === 1 ? 'PAR was' : 'PARs were'} changed or locked by someone else while the import ran; nothing was written. Run the import again.`,
    );
    this.name = 'ParImportConflictError';
  }
}

export interface ParWriteContext {
  actorId: number | null;
  /** Where the figures came from, kept in the audit log (e.g. the file name). */
  source: string;
}

// Short keys keep the JSON of a 5,000-row chunk small: l = location, p = product, b = PAR before, a = after.
const WRITE_CHUNK = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(l int, p int, b numeric, a numeric, o boolean)
  ),
  updated AS (
    UPDATE location_products lp
       SET par = i.a, par_typed_at = now(), updated_at = now(), updated_by = $2
      FROM input i
     WHERE i.b IS NOT NULL AND lp.location_id = i.l AND lp.product_id = i.p
       AND lp.par = i.b AND (NOT lp.par_locked OR i.o)
    RETURNING lp.location_id, lp.product_id, i.b AS before, lp.par AS after, lp.par_locked AS locked
  ),
  inserted AS (
    INSERT INTO location_products (location_id, product_id, par, par_typed_at, updated_by)
    SELECT i.l, i.p, i.a, now(), $2 FROM input i WHERE i.b IS NULL
    ON CONFLICT (location_id, product_id) DO NOTHING
    RETURNING location_id, product_id, NULL::numeric AS before, par AS after, false AS locked
  ),
  written AS (SELECT * FROM updated UNION ALL SELECT * FROM inserted),
  -- One entry per café of the chunk (decision 046): its PARs before and after, keyed by product id.
  audited AS (
    INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
    SELECT $2, 'par.import', 'location_product', NULL, w.location_id,
           CASE WHEN count(w.before) > 0 THEN jsonb_build_object('pars',
             jsonb_object_agg(w.product_id, trim_scale(w.before)) FILTER (WHERE w.before IS NOT NULL)) END,
           jsonb_build_object('source', $3::text, 'pars', jsonb_object_agg(w.product_id, trim_scale(w.after)))
             || CASE WHEN bool_or(w.locked) THEN jsonb_build_object('lockOverridden',
                  jsonb_agg(w.product_id ORDER BY w.product_id) FILTER (WHERE w.locked)) ELSE '{}'::jsonb END
      FROM written w
     GROUP BY w.location_id
  )
  SELECT count(*)::int AS written FROM written`;

/**
 * Writes one chunk of planned PARs (creates and changes only) with one audit entry per café, in one statement.
 * Each change applies only if the stored PAR is still the one the import compared against and is not
 * locked (unless the plan overrides the lock); a create applies only if no row appeared meanwhile. So the
 * number written falls short exactly when someone changed a PAR during the import, and the caller can roll
 * the whole import back instead of overwriting that change.
 */
export async function writeParChunk(
  tx: Db,
  chunk: readonly PlannedPar[],
  context: ParWriteContext,
): Promise<number> {
  const rows = chunk.map((p) => ({
    l: p.locationId,
    p: p.productId,
    b: p.before,
    a: p.par,
    o: p.overridesLock,
  }));
  // A count, not a row per PAR written: 5,000 rows a chunk would cross to the caller only to be counted.
  const [result] = await tx.query<{ written: number }>(WRITE_CHUNK, [rows, context.actorId, context.source]);
  return result?.written ?? 0;
}
