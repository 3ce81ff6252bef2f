import type { Db } from '@db/client.ts';
import { personNameSql } from './person-name.ts';
import { toIsoStringOrNull } from './timestamps.ts';

export interface CountItemEditRow {
  productId: number;
  count: number | null;
  confirmed: boolean;
  typedAt: string;
}

export interface StoredCountItemRow {
  productId: number;
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
  typedAt: string | null;
  countedAt: string | null;
  countedBy: string | null;
}

export interface SavedCountItemRow {
  productId: number;
  /** False when no product has this id: the caller refuses the batch and rolls it back. */
  known: boolean;
  applied: boolean;
  /** The item as stored after the write. */
  state: StoredCountItemRow;
}

interface RawItemState {
  productId: number;
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
  typedAt: unknown;
  countedAt: unknown;
  countedBy: string | null;
}

function toItemState(row: RawItemState): StoredCountItemRow {
  return {
    productId: row.productId,
    count: row.count,
    confirmed: row.confirmed,
    editedAfterConfirm: row.editedAfterConfirm,
    typedAt: toIsoStringOrNull(row.typedAt),
    countedAt: toIsoStringOrNull(row.countedAt),
    countedBy: row.countedBy,
  };
}

// "Needs re-confirmation": the stored item was confirmed and the edit changes its count (or it was already
// edited after confirmation) without confirming again. The engine's applyCountEdit states the same rule.
const NEEDS_RECONFIRMATION = `(NOT excluded.confirmed AND ci.confirmed
  AND (ci.edited_after_confirm OR ci.count IS DISTINCT FROM excluded.count))`;

/**
 * One statement for a whole batch (decision 037): per-item upsert where the latest typed value wins, never a replace-all,
 * so two devices counting one location keep each other's items. An edit applies only when typed after the
 * stored value and after the session's last clear; typed times later than the server's clock count as
 * now, so a device whose clock runs fast cannot lock an item against everyone else. Changed items get one
 * audit row each, in the same statement, and so does reopening a completed count. Edits must hold one entry per product (latestEditPerProduct).
 */
const SAVE_COUNT_ITEMS = `
WITH input AS (
  SELECT r."productId" AS product_id, r.count, r.confirmed, LEAST(r."typedAt", now()) AS typed_at
    FROM jsonb_to_recordset($1::jsonb) AS r("productId" int, count numeric, confirmed boolean, "typedAt" timestamptz)
),
known AS (
  SELECT i.* FROM input i WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = i.product_id)
),
before AS (
  SELECT ci.product_id, ci.count, ci.confirmed, ci.edited_after_confirm, ci.typed_at, ci.updated_at, ci.updated_by
    FROM count_items ci
   WHERE ci.session_id = $2::int AND ci.product_id IN (SELECT product_id FROM input)
),
saved AS (
  INSERT INTO count_items AS ci
         (session_id, product_id, count, confirmed, confirmed_at, edited_after_confirm, typed_at, updated_at, updated_by)
  SELECT $2::int, k.product_id, k.count, k.confirmed, CASE WHEN k.confirmed THEN now() END, false, k.typed_at,
         now(), $3::int
    FROM known k
   WHERE $4::timestamptz IS NULL OR k.typed_at > $4::timestamptz
   -- Rows locked in one order by every batch: overlapping batches wait for each other, never deadlock.
   ORDER BY k.product_id
  ON CONFLICT (session_id, product_id) DO UPDATE SET
    count = excluded.count,
    confirmed = excluded.confirmed OR ${NEEDS_RECONFIRMATION},
    edited_after_confirm = ${NEEDS_RECONFIRMATION},
    confirmed_at = CASE
      WHEN excluded.confirmed AND ci.confirmed AND NOT ci.edited_after_confirm
           AND ci.count IS NOT DISTINCT FROM excluded.count THEN ci.confirmed_at
      WHEN excluded.confirmed THEN now()
      WHEN ${NEEDS_RECONFIRMATION} THEN ci.confirmed_at
    END,
    typed_at = excluded.typed_at,
    updated_at = now(),
    updated_by = excluded.updated_by
  WHERE ci.typed_at IS NULL OR excluded.typed_at > ci.typed_at
  RETURNING ci.product_id, ci.count, ci.confirmed, ci.edited_after_confirm, ci.typed_at, ci.updated_at, ci.updated_by
),
audit AS (
  INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
  SELECT $3::int, 'count.item', 'count_item', $2::int::text || ':' || s.product_id::text, $5::int,
         CASE WHEN b.product_id IS NOT NULL THEN
           jsonb_build_object('count', b.count, 'confirmed', b.confirmed, 'editedAfterConfirm', b.edited_after_confirm)
         END,
         jsonb_build_object('count', s.count, 'confirmed', s.confirmed, 'editedAfterConfirm', s.edited_after_confirm,
                            'typedAt', s.typed_at)
    FROM saved s LEFT JOIN before b ON b.product_id = s.product_id
   WHERE b.product_id IS NULL
      OR (b.count, b.confirmed, b.edited_after_confirm) IS DISTINCT FROM (s.count, s.confirmed, s.edited_after_confirm)
),
-- Decision 021 in the same statement (reopenCompletedCount states it for the other writes): the first applied
-- change to a completed count deactivates its completion, with one audit row naming the changed products.
reopened AS (
  UPDATE count_completions SET is_active = false
   WHERE session_id = $2::int AND is_active AND EXISTS (SELECT 1 FROM saved)
  RETURNING id
),
reopen_audit AS (
  INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
  SELECT $3::int, 'count.reopen', 'count_completion', r.id::text, $5::int, NULL,
         jsonb_build_object('sessionId', $2::int,
                            'changedProducts', (SELECT jsonb_agg(s.product_id ORDER BY s.product_id) FROM saved s))
    FROM reopened r
)
SELECT i.product_id AS "productId",
       EXISTS (SELECT 1 FROM known k WHERE k.product_id = i.product_id) AS known,
       s.product_id IS NOT NULL AS applied,
       CASE WHEN s.product_id IS NOT NULL THEN s.count ELSE b.count END AS count,
       COALESCE(s.confirmed, b.confirmed, false) AS confirmed,
       COALESCE(s.edited_after_confirm, b.edited_after_confirm, false) AS "editedAfterConfirm",
       COALESCE(s.typed_at, b.typed_at) AS "typedAt",
       CASE WHEN COALESCE(s.count, b.count) IS NOT NULL THEN COALESCE(s.updated_at, b.updated_at) END AS "countedAt",
       CASE WHEN COALESCE(s.count, b.count) IS NOT NULL THEN ${personNameSql('u')} END AS "countedBy"
  FROM input i
  LEFT JOIN saved s ON s.product_id = i.product_id
  LEFT JOIN before b ON b.product_id = i.product_id
  LEFT JOIN users u ON u.id = COALESCE(s.updated_by, b.updated_by)
 ORDER BY i.product_id`;

export interface SaveCountItemsInput {
  sessionId: number;
  locationId: number;
  actorId: number;
  /** The session's last clear; edits typed at or before it are superseded. */
  clearedAt: string | null;
  edits: readonly CountItemEditRow[];
}

/**
 * Saves a batch of typed edits into a count session (see SAVE_COUNT_ITEMS). Call inside a transaction that
 * holds the session's lock (lockOpenCountSession), so the audit rows' before-values are exact.
 */
export async function saveCountItems(tx: Db, input: SaveCountItemsInput): Promise<SavedCountItemRow[]> {
  const rows = await tx.query<RawItemState & { known: boolean; applied: boolean }>(SAVE_COUNT_ITEMS, [
    input.edits.map((edit) => ({
      productId: edit.productId,
      count: edit.count,
      confirmed: edit.confirmed,
      typedAt: edit.typedAt,
    })),
    input.sessionId,
    input.actorId,
    input.clearedAt,
    input.locationId,
  ]);
  return rows.map((row) => ({
    productId: row.productId,
    known: row.known,
    applied: row.applied,
    state: toItemState(row),
  }));
}

/**
 * Confirms the session's counted items (all of them, or the given products) that are not confirmed or were
 * edited after confirmation. Confirming is an edit typed now: older edits still in flight from other devices
 * no longer overwrite the confirmed value. The counter (countedBy) stays who typed the count. One audit row
 * per item, in the same statement. Returns the confirmed items.
 */
export async function confirmCountItems(
  tx: Db,
  input: { sessionId: number; locationId: number; actorId: number; productIds: readonly number[] | null },
): Promise<StoredCountItemRow[]> {
  const rows = await tx.query<RawItemState>(
    `WITH confirmed AS (
       UPDATE count_items ci
          SET confirmed = true, edited_after_confirm = false, confirmed_at = now(),
              typed_at = GREATEST(ci.typed_at, now())
        WHERE ci.session_id = $1::int AND ci.count IS NOT NULL AND (NOT ci.confirmed OR ci.edited_after_confirm)
          AND ($2::jsonb IS NULL OR ci.product_id IN (SELECT value::int FROM jsonb_array_elements_text($2::jsonb)))
       RETURNING ci.product_id, ci.count, ci.typed_at, ci.updated_at, ci.updated_by
     ),
     audit AS (
       INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
       SELECT $3::int, 'count.confirm', 'count_item', $1::int::text || ':' || c.product_id::text, $4::int,
              jsonb_build_object('count', c.count, 'confirmed', b.confirmed, 'editedAfterConfirm', b.edited_after_confirm),
              jsonb_build_object('count', c.count, 'confirmed', true, 'editedAfterConfirm', false)
         FROM confirmed c JOIN count_items b ON b.session_id = $1::int AND b.product_id = c.product_id
     )
     SELECT c.product_id AS "productId", c.count, true AS confirmed, false AS "editedAfterConfirm",
            c.typed_at AS "typedAt", c.updated_at AS "countedAt", ${personNameSql('u')} AS "countedBy"
       FROM confirmed c LEFT JOIN users u ON u.id = c.updated_by
      ORDER BY c.product_id`,
    // Arrays go in as they are: both drivers send them as JSON, while a JSON string would stay a string.
    [input.sessionId, input.productIds, input.actorId, input.locationId],
  );
  return rows.map(toItemState);
}

/** Empties a session ("Clear all counts") and returns what was in it, for the audit log. */
export async function deleteCountItems(
  tx: Db,
  sessionId: number,
): Promise<{ productId: number; count: number | null; confirmed: boolean }[]> {
  return tx.query(
    `DELETE FROM count_items WHERE session_id = $1
     RETURNING product_id AS "productId", count, confirmed`,
    [sessionId],
  );
}
