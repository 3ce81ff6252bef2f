import type { Db } from '@db/client.ts';
import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';
import { locationSettingsColumnsSql } from './location-settings-sql.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

export interface OpenCountSession {
  id: number;
  startedAt: string;
  startedBy: string | null;
  clearedAt: string | null;
}

export interface InventoryRow {
  productId: number;
  productName: string;
  par: number;
  parLocked: boolean;
  parLockedBy: string | null;
  parLockedAt: string | null;
  /** The column's CHECK admits only the engine's values. */
  lifecycle: Lifecycle;
  stockStatus: StockStatus;
  backordered: boolean;
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
  countedAt: string | null;
  countedBy: string | null;
  /** When the stored count was typed: the client keeps a newer unsaved edit over it. */
  typedAt: string | null;
}

export async function findOpenCountSession(db: Db, locationId: number): Promise<OpenCountSession | null> {
  const [row] = await db.query<{
    id: number;
    startedAt: unknown;
    startedBy: string | null;
    clearedAt: unknown;
  }>(
    `SELECT cs.id, cs.started_at AS "startedAt", ${personNameSql('u')} AS "startedBy", cs.cleared_at AS "clearedAt"
       FROM count_sessions cs LEFT JOIN users u ON u.id = cs.started_by
      WHERE cs.location_id = $1 AND cs.status = 'open'`,
    [locationId],
  );
  return row
    ? { ...row, startedAt: toIsoString(row.startedAt), clearedAt: toIsoStringOrNull(row.clearedAt) }
    : null;
}

/**
 * The products still sold (`p`) with the café `$1`'s settings (`lp`, who locked the PAR `lu`) and the entry of the
 * count session `sessionIdSql` (`ci`, who counted it `counter.name`), if any. The compact answer's function
 * (`compact_inventory_json`, migration 0028) makes the same joins. The counter's name is looked up by key for each
 * counted row: joined, the planner hashed the whole user list on every read (2,000 staff in a large chain) for
 * the handful of people counting one café, a third of the read's time (decision 049). As a lateral look-up
 * (LIMIT 1 keeps it one, not a join) it can be memoized by counter: a café counted by two people names them twice,
 * not once per item, which took a third of the database's time for a café mid-count.
 */
function inventoryFromSql(sessionIdSql: string): string {
  return `FROM products p
       LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = $1
       LEFT JOIN count_items ci ON ci.product_id = p.id AND ci.session_id = ${sessionIdSql}
       LEFT JOIN users lu ON lu.id = lp.par_locked_by
       LEFT JOIN LATERAL (
         SELECT ${personNameSql('cu')} AS name FROM users cu WHERE cu.id = ci.updated_by LIMIT 1
       ) counter ON true
      WHERE p.retired_at IS NULL`;
}

/**
 * One row per product still sold, with the location's settings (defaults when none were saved) and the
 * entry of the given count session, if any.
 */
export async function listLocationInventory(
  db: Db,
  locationId: number,
  countSessionId: number | null,
): Promise<InventoryRow[]> {
  const rows = await db.query<
    Omit<InventoryRow, 'countedAt' | 'typedAt' | 'parLockedAt'> & {
      countedAt: unknown;
      typedAt: unknown;
      parLockedAt: unknown;
    }
  >(
    `SELECT p.id AS "productId", p.name AS "productName",
            ${locationSettingsColumnsSql('lp', 'lu')},
            COALESCE(lp.stock_status, 'in_stock') AS "stockStatus",
            ci.count,
            COALESCE(ci.confirmed, false) AS confirmed,
            COALESCE(ci.edited_after_confirm, false) AS "editedAfterConfirm",
            CASE WHEN ci.count IS NOT NULL THEN ci.updated_at END AS "countedAt",
            CASE WHEN ci.count IS NOT NULL THEN counter.name END AS "countedBy",
            ci.typed_at AS "typedAt"
       ${inventoryFromSql('$2::int')}
      ORDER BY p.name, p.id`,
    [locationId, countSessionId],
  );
  return rows.map((row) => ({
    ...row,
    countedAt: toIsoStringOrNull(row.countedAt),
    typedAt: toIsoStringOrNull(row.typedAt),
    parLockedAt: toIsoStringOrNull(row.parLockedAt),
  }));
}
