import type { Db } from '@db/client.ts';
import type { CountItemEditRow } from './count-items.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

export interface NightlyCountHeaderRow {
  id: number;
  createdAt: string;
  createdBy: { id: number; name: string } | null;
  completedAt: string | null;
  completedBy: { id: number; name: string } | null;
}

export interface NightlyCountItemRow {
  productId: number;
  productName: string;
  unit: string;
  count: number | null;
  confirmed: boolean;
  typedAt: string | null;
  countedAt: string | null;
  countedBy: string | null;
  squareQuantity: number | null;
}

interface RawHeader {
  id: number;
  createdAt: unknown;
  createdById: number | null;
  createdByName: string | null;
  completedAt: unknown;
  completedById: number | null;
  completedByName: string | null;
}

interface RawItem extends Omit<NightlyCountItemRow, 'typedAt' | 'countedAt'> {
  typedAt: unknown;
  countedAt: unknown;
}

const SELECT_HEADER = `
  SELECT n.id, n.created_at AS "createdAt", n.created_by AS "createdById", ${personNameSql('cu')} AS "createdByName",
         n.completed_at AS "completedAt", n.completed_by AS "completedById",
         ${personNameSql('fu')} AS "completedByName"
    FROM nightly_counts n
    LEFT JOIN users cu ON cu.id = n.created_by
    LEFT JOIN users fu ON fu.id = n.completed_by`;

function toHeader(row: RawHeader): NightlyCountHeaderRow {
  return {
    id: row.id,
    createdAt: toIsoString(row.createdAt),
    createdBy: row.createdById === null ? null : { id: row.createdById, name: row.createdByName ?? '' },
    completedAt: toIsoStringOrNull(row.completedAt),
    completedBy:
      row.completedById === null ? null : { id: row.completedById, name: row.completedByName ?? '' },
  };
}

function toItem(row: RawItem): NightlyCountItemRow {
  return { ...row, typedAt: toIsoStringOrNull(row.typedAt), countedAt: toIsoStringOrNull(row.countedAt) };
}

export async function findNightlyCount(
  db: Db,
  locationId: number,
  businessDate: string,
): Promise<NightlyCountHeaderRow | null> {
  const [row] = await db.query<RawHeader>(
    `${SELECT_HEADER} WHERE n.location_id = $1 AND n.business_date = $2`,
    [locationId, businessDate],
  );
  return row ? toHeader(row) : null;
}

/**
 * The day's nightly count, created on first write, locked until the transaction ends so item saves and
 * the completion of one day run one after another. Call inside a transaction.
 */
export async function lockNightlyCount(
  tx: Db,
  input: { locationId: number; businessDate: string; actorId: number; create: boolean },
): Promise<NightlyCountHeaderRow | null> {
  if (input.create) {
    await tx.query(
      `INSERT INTO nightly_counts (location_id, business_date, created_by) VALUES ($1, $2, $3)
       ON CONFLICT (location_id, business_date) DO NOTHING`,
      [input.locationId, input.businessDate, input.actorId],
    );
  }
  const [locked] = await tx.query<{ id: number }>(
    'SELECT id FROM nightly_counts WHERE location_id = $1 AND business_date = $2 FOR NO KEY UPDATE',
    [input.locationId, input.businessDate],
  );
  if (!locked) return null;
  const [row] = await tx.query<RawHeader>(`${SELECT_HEADER} WHERE n.id = $1`, [locked.id]);
  return row ? toHeader(row) : null;
}

const SELECT_ITEM_COLUMNS = (item: string, product: string, user: string) => `
  ${product}.id AS "productId", ${product}.name AS "productName", ${product}.unit,
  ${item}.count, COALESCE(${item}.confirmed, false) AS confirmed, ${item}.typed_at AS "typedAt",
  CASE WHEN ${item}.count IS NOT NULL THEN ${item}.updated_at END AS "countedAt",
  CASE WHEN ${item}.count IS NOT NULL THEN ${personNameSql(user)} END AS "countedBy",
  ${item}.square_quantity AS "squareQuantity"`;

/**
 * The products of a day's nightly count: every daily-count product still sold and not discontinued at the
 * location, plus any product that has an entry that day (so a past day reads as it was counted).
 */
export async function listNightlyCountItems(
  db: Db,
  locationId: number,
  nightlyCountId: number | null,
): Promise<NightlyCountItemRow[]> {
  const rows = await db.query<RawItem>(
    `SELECT ${SELECT_ITEM_COLUMNS('nci', 'p', 'u')}
       FROM products p
       LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = $1
       LEFT JOIN nightly_count_items nci ON nci.product_id = p.id AND nci.nightly_count_id = $2::int
       LEFT JOIN users u ON u.id = nci.updated_by
      WHERE nci.product_id IS NOT NULL
         OR (p.is_daily_count AND p.retired_at IS NULL AND COALESCE(lp.lifecycle, 'active') <> 'discontinued')
      ORDER BY p.name, p.id`,
    [locationId, nightlyCountId],
  );
  return rows.map(toItem);
}

export interface SavedNightlyItemRow {
  productId: number;
  known: boolean;
  applied: boolean;
  state: NightlyCountItemRow;
}

/**
 * One statement per batch, with the count items' rule: an edit applies only when typed after the stored
 * value (typed times past the server's clock count as now); one audit row per changed item.
 */
const SAVE_NIGHTLY_ITEMS = `
WITH input AS (
  SELECT r."productId" AS product_id, r.count, r.confirmed, LEAST(r."typedAt", now()) AS typed_at
    FROM jsonb_to_recordset($1::jsonb) AS r("productId" int, count numeric, confirmed boolean, "typedAt" timestamptz)
),
known AS (
  SELECT i.* FROM input i WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = i.product_id)
),
before AS (
  SELECT nci.product_id, nci.count, nci.confirmed
    FROM nightly_count_items nci
   WHERE nci.nightly_count_id = $2::int AND nci.product_id IN (SELECT product_id FROM input)
),
square AS (
  -- Square's figure read that business day, kept with the count (record-square-read.ts keeps later reads there).
  SELECT soh.product_id, soh.quantity
    FROM nightly_counts nc
    JOIN locations l ON l.id = nc.location_id
    JOIN square_on_hand soh ON soh.location_id = nc.location_id
   WHERE nc.id = $2::int AND (soh.fetched_at AT TIME ZONE l.timezone)::date = nc.business_date
     AND soh.product_id IN (SELECT product_id FROM known)
),
saved AS (
  INSERT INTO nightly_count_items AS nci (nightly_count_id, product_id, count, confirmed, typed_at, updated_at, updated_by,
                                          square_quantity)
  SELECT $2::int, k.product_id, k.count, k.confirmed, k.typed_at, now(), $3::int, sq.quantity
    FROM known k LEFT JOIN square sq ON sq.product_id = k.product_id
   ORDER BY k.product_id
  ON CONFLICT (nightly_count_id, product_id) DO UPDATE SET
    count = excluded.count,
    confirmed = excluded.confirmed,
    typed_at = excluded.typed_at,
    updated_at = now(),
    updated_by = excluded.updated_by,
    square_quantity = COALESCE(excluded.square_quantity, nci.square_quantity)
  WHERE nci.typed_at IS NULL OR excluded.typed_at > nci.typed_at
  RETURNING nci.product_id, nci.count, nci.confirmed
),
audit AS (
  INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
  SELECT $3::int, 'nightly.item', 'nightly_count_item', $2::int::text || ':' || s.product_id::text, $4::int,
         CASE WHEN b.product_id IS NOT NULL THEN jsonb_build_object('count', b.count, 'confirmed', b.confirmed) END,
         jsonb_build_object('count', s.count, 'confirmed', s.confirmed)
    FROM saved s LEFT JOIN before b ON b.product_id = s.product_id
   WHERE b.product_id IS NULL OR (b.count, b.confirmed) IS DISTINCT FROM (s.count, s.confirmed)
)
SELECT i.product_id AS "productId",
       EXISTS (SELECT 1 FROM known k WHERE k.product_id = i.product_id) AS known,
       EXISTS (SELECT 1 FROM saved s WHERE s.product_id = i.product_id) AS applied
  FROM input i
 ORDER BY i.product_id`;

/** Saves a batch of typed edits into a nightly count, then reads the stored items back. Call inside a transaction. */
export async function saveNightlyCountItems(
  tx: Db,
  input: { nightlyCountId: number; locationId: number; actorId: number; edits: readonly CountItemEditRow[] },
): Promise<SavedNightlyItemRow[]> {
  const outcomes = await tx.query<{ productId: number; known: boolean; applied: boolean }>(
    SAVE_NIGHTLY_ITEMS,
    [
      input.edits.map((edit) => ({
        productId: edit.productId,
        count: edit.count,
        confirmed: edit.confirmed,
        typedAt: edit.typedAt,
      })),
      input.nightlyCountId,
      input.actorId,
      input.locationId,
    ],
  );
  // A second statement sees the write, so the answer carries each product's name and stored state.
  const states = await tx.query<RawItem>(
    `SELECT ${SELECT_ITEM_COLUMNS('nci', 'p', 'u')}
       FROM products p
       LEFT JOIN nightly_count_items nci ON nci.product_id = p.id AND nci.nightly_count_id = $1
       LEFT JOIN users u ON u.id = nci.updated_by
      WHERE p.id IN (SELECT value::int FROM jsonb_array_elements_text($2::jsonb))`,
    [input.nightlyCountId, outcomes.map((outcome) => outcome.productId)],
  );
  const stateOf = new Map(states.map((row) => [row.productId, toItem(row)]));
  return outcomes.map((outcome) => {
    const state = stateOf.get(outcome.productId);
    return {
      ...outcome,
      state: state ?? {
        productId: outcome.productId,
        productName: '',
        unit: '',
        count: null,
        confirmed: false,
        typedAt: null,
        countedAt: null,
        countedBy: null,
        squareQuantity: null,
      },
    };
  });
}

/** How many of a nightly count's items have a count. */
export async function countNightlyItemsCounted(db: Db, nightlyCountId: number): Promise<number> {
  const [row] = await db.query<{ counted: number }>(
    'SELECT count(*)::int AS counted FROM nightly_count_items WHERE nightly_count_id = $1 AND count IS NOT NULL',
    [nightlyCountId],
  );
  return row?.counted ?? 0;
}

export async function markNightlyCountCompleted(
  tx: Db,
  nightlyCountId: number,
  completedBy: number,
): Promise<NightlyCountHeaderRow> {
  await tx.query('UPDATE nightly_counts SET completed_at = now(), completed_by = $2 WHERE id = $1', [
    nightlyCountId,
    completedBy,
  ]);
  const [row] = await tx.query<RawHeader>(`${SELECT_HEADER} WHERE n.id = $1`, [nightlyCountId]);
  if (!row) throw new Error('A nightly count vanished inside its own transaction');
  return toHeader(row);
}
