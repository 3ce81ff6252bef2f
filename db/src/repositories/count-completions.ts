import type { Db } from '@db/client.ts';
import { itemInCategory } from '@engine/count-completion-guard.ts';
import { productsListedSql } from './last-count-products-sql.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString } from './timestamps.ts';

export interface CountCompletionRow {
  id: number;
  locationId: number;
  completedAt: string;
  completedBy: { id: number; name: string } | null;
  itemsCounted: number;
}

interface RawCompletion {
  id: number;
  locationId: number;
  completedAt: unknown;
  completedById: number | null;
  completedByName: string | null;
  itemsCounted: number;
}

const SELECT_COMPLETION = `
  SELECT cc.id, cc.location_id AS "locationId", cc.completed_at AS "completedAt",
         cc.completed_by AS "completedById", ${personNameSql('u')} AS "completedByName",
         cc.items_counted AS "itemsCounted"
    FROM count_completions cc LEFT JOIN users u ON u.id = cc.completed_by`;

function toCompletion(row: RawCompletion): CountCompletionRow {
  return {
    id: row.id,
    locationId: row.locationId,
    completedAt: toIsoString(row.completedAt),
    completedBy:
      row.completedById === null ? null : { id: row.completedById, name: row.completedByName ?? '' },
    itemsCounted: row.itemsCounted,
  };
}

export async function findActiveCountCompletion(
  db: Db,
  locationId: number,
): Promise<CountCompletionRow | null> {
  const [row] = await db.query<RawCompletion>(
    `${SELECT_COMPLETION} WHERE cc.location_id = $1 AND cc.is_active`,
    [locationId],
  );
  return row ? toCompletion(row) : null;
}

/**
 * Locks the location's open count session until the transaction ends, so two completions of one count
 * run one after the other. Call inside a transaction.
 */
export async function lockOpenCountSession(tx: Db, locationId: number): Promise<{ id: number } | null> {
  const [row] = await tx.query<{ id: number }>(
    `SELECT id FROM count_sessions WHERE location_id = $1 AND status = 'open' FOR UPDATE`,
    [locationId],
  );
  return row ?? null;
}

/** The items the completion guard judges: products still sold and not discontinued at the location. */
export async function listCountItemStates(
  db: Db,
  sessionId: number,
  locationId: number,
): Promise<{ count: number | null; confirmed: boolean; editedAfterConfirm: boolean; name: string }[]> {
  const rows = await db.query<{
    count: number | null;
    confirmed: boolean;
    editedAfterConfirm: boolean;
    product: string;
    category: string;
  }>(
    `SELECT ci.count, ci.confirmed, ci.edited_after_confirm AS "editedAfterConfirm",
            p.name AS product, p.cafe_order_category AS category
       FROM count_items ci
       JOIN products p ON p.id = ci.product_id AND p.retired_at IS NULL
       LEFT JOIN location_products lp ON lp.product_id = ci.product_id AND lp.location_id = $2
      WHERE ci.session_id = $1 AND COALESCE(lp.lifecycle, 'active') <> 'discontinued'
      ORDER BY p.cafe_order_category, p.name`,
    [sessionId, locationId],
  );
  return rows.map(({ product, category, ...state }) => ({
    ...state,
    name: itemInCategory(product, category),
  }));
}

/**
 * The session's active completion, if any: a count reopened by an edit after completion is not completed.
 * Its who and when let a refusal name the person who completed it first.
 */
export async function findSessionCompletion(db: Db, sessionId: number): Promise<CountCompletionRow | null> {
  const [row] = await db.query<RawCompletion>(
    `${SELECT_COMPLETION} WHERE cc.session_id = $1 AND cc.is_active`,
    [sessionId],
  );
  return row ? toCompletion(row) : null;
}

/**
 * Decision 021: an edit to a completed count reopens it. The session's active completion stays as history
 * but stops being active, so Suggest Orders waits until the count is completed again. Returns its id, if any.
 */
export async function deactivateSessionCompletion(tx: Db, sessionId: number): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    'UPDATE count_completions SET is_active = false WHERE session_id = $1 AND is_active RETURNING id',
    [sessionId],
  );
  return row?.id ?? null;
}

/** Makes a new completion the location's active one; the previous active one stays as history. */
export async function insertActiveCountCompletion(
  tx: Db,
  completion: { locationId: number; sessionId: number; completedBy: number; itemsCounted: number },
): Promise<CountCompletionRow> {
  await tx.query('UPDATE count_completions SET is_active = false WHERE location_id = $1 AND is_active', [
    completion.locationId,
  ]);
  const [inserted] = await tx.query<{ id: number }>(
    `INSERT INTO count_completions (location_id, session_id, completed_by, items_counted, products_listed)
     VALUES ($1, $2, $3, $4, ${productsListedSql('$1::int')}) RETURNING id`,
    [completion.locationId, completion.sessionId, completion.completedBy, completion.itemsCounted],
  );
  if (!inserted) throw new Error('Inserting a count completion returned no row');
  const [row] = await tx.query<RawCompletion>(`${SELECT_COMPLETION} WHERE cc.id = $1`, [inserted.id]);
  if (!row) throw new Error('A count completion vanished inside its own transaction');
  return toCompletion(row);
}

/**
 * A new count session means the location has no active completion any more: the Shopping List waits for
 * the new count to be completed. The completion stays as history. Returns the id it deactivated, if any.
 */
export async function deactivateActiveCountCompletion(tx: Db, locationId: number): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    'UPDATE count_completions SET is_active = false WHERE location_id = $1 AND is_active RETURNING id',
    [locationId],
  );
  return row?.id ?? null;
}
