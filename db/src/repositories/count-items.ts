import type { Db } from '@db/client.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

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

// The batch upsert and the autosave around it are PL/pgSQL functions (migration 0014, decision 042): one call
// a batch, whose statements the database plans once per connection.
const SAVED_ITEM_COLUMNS = `out_product_id AS "productId", out_applied AS applied, out_count AS count,
       out_confirmed AS confirmed, out_edited_after_confirm AS "editedAfterConfirm", out_typed_at AS "typedAt",
       out_counted_at AS "countedAt", out_counted_by AS "countedBy"`;

/** Edits as the functions read them (jsonb_to_recordset): arrays go in as they are, both drivers send JSON. */
function editsParam(edits: readonly CountItemEditRow[]): CountItemEditRow[] {
  return edits.map((edit) => ({
    productId: edit.productId,
    count: edit.count,
    confirmed: edit.confirmed,
    typedAt: edit.typedAt,
  }));
}

export interface SaveCountItemsInput {
  sessionId: number;
  locationId: number;
  actorId: number;
  /** The session's last clear; edits typed at or before it are superseded. */
  clearedAt: string | null;
  edits: readonly CountItemEditRow[];
}

/**
 * Saves a batch of typed edits into a count session (decision 037's one statement for a whole batch): per-item
 * upsert where the latest typed value wins, never a replace-all, so two devices counting one location keep each
 * other's items. An edit applies only when typed after the stored value and after the session's last clear;
 * typed times later than the server's clock count as now, so a device whose clock runs fast cannot lock an
 * item against everyone else. Changed items get one audit row each, in the same statement, and so does
 * reopening a completed count (decision 021). Edits must hold one entry per product (latestEditPerProduct).
 * Call inside a transaction that holds the session's lock (lockOpenCountSession), so the audit rows'
 * before-values are exact; saveCountBatch does both in one call.
 */
export async function saveCountItems(tx: Db, input: SaveCountItemsInput): Promise<SavedCountItemRow[]> {
  const rows = await tx.query<RawItemState & { known: boolean; applied: boolean }>(
    `SELECT ${SAVED_ITEM_COLUMNS}, out_known AS known FROM save_count_items($1::int, $2::int, $3::int, $4::timestamptz, $5::jsonb)`,
    [input.sessionId, input.locationId, input.actorId, input.clearedAt, editsParam(input.edits)],
  );
  return rows.map((row) => ({
    productId: row.productId,
    known: row.known,
    applied: row.applied,
    state: toItemState(row),
  }));
}

export interface CountBatchSession {
  id: number;
  startedAt: string;
  startedBy: string | null;
  clearedAt: string | null;
}

/** What an autosave batch did; every outcome but `saved` wrote nothing. */
export type CountBatchOutcome =
  | { outcome: 'no_session' }
  /** The access the save was admitted on has changed since it was read (decision 063). */
  | { outcome: 'access_changed' }
  | { outcome: 'session_changed'; openSessionId: number }
  | { outcome: 'unknown_products'; productIds: number[] }
  | {
      outcome: 'saved';
      session: CountBatchSession;
      items: { productId: number; applied: boolean; state: StoredCountItemRow }[];
    };

interface RawBatchRow extends RawItemState {
  outcome: CountBatchOutcome['outcome'];
  sessionId: number | null;
  startedAt: unknown;
  startedBy: string | null;
  clearedAt: unknown;
  applied: boolean;
}

export interface CountBatchInput {
  locationId: number;
  sessionId: number | null;
  actorId: number;
  edits: readonly CountItemEditRow[];
  /**
   * The access epoch the request was admitted on (decision 063); the save writes nothing if it has moved. Absent
   * when the request's access was read for it.
   */
  accessEpoch?: string | null;
}

const BATCH_COLUMNS = `out_outcome AS outcome, out_session_id AS "sessionId", out_started_at AS "startedAt",
            out_started_by AS "startedBy", out_cleared_at AS "clearedAt", ${SAVED_ITEM_COLUMNS}`;

/** One batch's answer rows as its outcome. */
function toBatchOutcome(rows: readonly RawBatchRow[]): CountBatchOutcome {
  const first = rows[0];
  if (!first || first.outcome === 'no_session') return { outcome: 'no_session' };
  if (first.outcome === 'access_changed') return { outcome: 'access_changed' };
  if (first.outcome === 'session_changed')
    return { outcome: 'session_changed', openSessionId: first.sessionId ?? 0 };
  if (first.outcome === 'unknown_products') {
    return { outcome: 'unknown_products', productIds: rows.map((row) => row.productId) };
  }
  return {
    outcome: 'saved',
    session: {
      id: first.sessionId ?? 0,
      startedAt: toIsoString(first.startedAt),
      startedBy: first.startedBy,
      clearedAt: toIsoStringOrNull(first.clearedAt),
    },
    items: rows.map((row) => ({ productId: row.productId, applied: row.applied, state: toItemState(row) })),
  };
}

function batchParam(input: CountBatchInput) {
  // An empty answer means "no open session"; an empty batch would look the same.
  if (input.edits.length === 0) throw new Error('A count batch holds at least one edit');
  return {
    locationId: input.locationId,
    sessionId: input.sessionId,
    actorId: input.actorId,
    edits: editsParam(input.edits),
    accessEpoch: input.accessEpoch ?? null,
  };
}

/**
 * An autosave batch in one call (migration 0014, decision 042): locks the location's open count session,
 * checks it is the one the batch was typed against and that every product exists, then saves the items as
 * saveCountItems does. Atomic on its own (one statement); also usable inside a transaction that opened the
 * session.
 */
export async function saveCountBatch(db: Db, input: CountBatchInput): Promise<CountBatchOutcome> {
  const batch = batchParam(input);
  const rows = await db.query<RawBatchRow>(
    `SELECT ${BATCH_COLUMNS} FROM save_count_batch($1::int, $2::int, $3::int, $4::jsonb, $5::bigint)`,
    [batch.locationId, batch.sessionId, batch.actorId, batch.edits, batch.accessEpoch],
  );
  return toBatchOutcome(rows);
}

/**
 * A batch typed while the café has no open count, in one call (migration 0027, decision 069): checks the access
 * number and the products as saveCountBatch does, then opens the count unless another device opened it meanwhile
 * (the café's row locked while it decides), deactivates the café's completion, records "count.open" and saves
 * the batch into the open count. A refused batch opens nothing.
 */
export async function openCountAndSaveBatch(
  db: Db,
  input: Omit<CountBatchInput, 'sessionId'>,
): Promise<CountBatchOutcome> {
  const batch = batchParam({ ...input, sessionId: null });
  const rows = await db.query<RawBatchRow>(
    `SELECT ${BATCH_COLUMNS} FROM open_count_and_save_batch($1::int, $2::int, $3::jsonb, $4::bigint)`,
    [batch.locationId, batch.actorId, batch.edits, batch.accessEpoch],
  );
  return toBatchOutcome(rows);
}

/**
 * Several autosave batches in one call and one transaction (migration 0019, decision 050), each answered as
 * saveCountBatch would answer it, saving them in turn by café, then in the order given. Their cafés' counts are
 * locked together and the batches saved by one statement a run (migration 0025, decision 067). All or nothing: an
 * error saves none of them.
 */
export async function saveCountBatches(
  db: Db,
  inputs: readonly CountBatchInput[],
): Promise<CountBatchOutcome[]> {
  const rows = await db.query<RawBatchRow & { batch: number }>(
    `SELECT out_batch AS batch, ${BATCH_COLUMNS} FROM save_count_batches($1::jsonb)`,
    [inputs.map(batchParam)],
  );
  const byBatch = inputs.map((): RawBatchRow[] => []);
  for (const row of rows) byBatch[row.batch]?.push(row);
  return byBatch.map(toBatchOutcome);
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
