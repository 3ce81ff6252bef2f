import type { Db, SqlParam } from '@db/client.ts';
import {
  type AuditCursor,
  type AuditLogEntry,
  productIdsKeyingMaps,
} from '@engine/admin-audit-log-schemas.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString } from './timestamps.ts';

export interface AuditLogFilter {
  entity?: string;
  actorId?: number;
  locationId?: number;
  /** ISO times; `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  /** Continue after this entry (older ones). */
  after?: AuditCursor;
  limit: number;
}

interface RawEntry {
  id: number;
  createdAt: unknown;
  /** created_at to the microsecond, for the cursor: a JS Date keeps only milliseconds. */
  exactCreatedAt: string;
  actorId: number | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  entityName: string | null;
  locationId: number | null;
  locationName: string | null;
  before: unknown;
  after: unknown;
}

/** The number in `text` (an entity id, or one part of a compound one), or NULL when it is not a plain number. */
const idIn = (text: string) => `CASE WHEN ${text} ~ '^[0-9]{1,9}$' THEN (${text})::int END`;

/**
 * What the record is called today, beside its number ("Oat Milk", not only "product 63"): entity ids are text, and
 * some name two records ("location:product"), so each entity reads its own table. A record since renamed reads by
 * its new name; one that no longer exists has none.
 */
const ENTITY_NAME_SQL = `CASE a.entity
  WHEN 'product' THEN (SELECT p.name FROM products p WHERE p.id = ${idIn('a.entity_id')})
  WHEN 'location_product' THEN (SELECT p.name FROM products p WHERE p.id = ${idIn("split_part(a.entity_id, ':', 2)")})
  WHEN 'user' THEN (SELECT ${personNameSql('n')} FROM users n WHERE n.id = ${idIn('a.entity_id')})
  WHEN 'location' THEN (SELECT n.name FROM locations n WHERE n.id = ${idIn('a.entity_id')})
  WHEN 'cart' THEN (SELECT n.name FROM locations n WHERE n.id = ${idIn('a.entity_id')})
  WHEN 'order' THEN (SELECT o.number FROM orders o WHERE o.id = ${idIn('a.entity_id')})
  WHEN 'district' THEN (SELECT d.name FROM districts d WHERE d.id = ${idIn('a.entity_id')})
  WHEN 'task' THEN (SELECT t.title FROM tasks t WHERE t.id = ${idIn('a.entity_id')})
  WHEN 'task_completion' THEN (SELECT t.title FROM tasks t WHERE t.id = ${idIn("split_part(a.entity_id, ':', 1)")})
  WHEN 'role' THEN (SELECT r.name FROM roles r WHERE r.key = a.entity_id)
END`;

/**
 * One page of the audit log, newest first, keyset-paged by (created_at, id): new entries arriving while
 * someone pages do not shift later pages. Returns one more row than asked to tell whether a page follows.
 */
export async function queryAuditLog(
  db: Db,
  filter: AuditLogFilter,
): Promise<{ entries: AuditLogEntry[]; last: AuditCursor | null; hasMore: boolean }> {
  const conditions: string[] = [];
  const params: SqlParam[] = [];
  const add = (sql: (placeholder: string) => string, value: SqlParam) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filter.entity !== undefined) add((p) => `a.entity = ${p}`, filter.entity);
  if (filter.actorId !== undefined) add((p) => `a.actor_id = ${p}::int`, filter.actorId);
  if (filter.locationId !== undefined) add((p) => `a.location_id = ${p}::int`, filter.locationId);
  if (filter.from !== undefined) add((p) => `a.created_at >= ${p}::timestamptz`, filter.from);
  if (filter.to !== undefined) add((p) => `a.created_at < ${p}::timestamptz`, filter.to);
  if (filter.after) {
    params.push(filter.after.createdAt, filter.after.id);
    // The time goes as text, cast here: typed timestamptz, postgres.js sends it through a JS Date, which keeps
    // milliseconds, and the next page skipped the entries of the rest of that millisecond (PostgreSQL only).
    conditions.push(
      `(a.created_at, a.id) < ($${params.length - 1}::text::timestamptz, $${params.length}::bigint)`,
    );
  }
  params.push(filter.limit + 1);
  const rows = await db.query<RawEntry>(
    `SELECT a.id, a.created_at AS "createdAt",
            to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "exactCreatedAt",
            a.actor_id AS "actorId", ${personNameSql('u')} AS "actorName",
            a.action, a.entity, a.entity_id AS "entityId", ${ENTITY_NAME_SQL} AS "entityName",
            a.location_id AS "locationId", l.name AS "locationName", a.before, a.after
       FROM audit_log a
       LEFT JOIN users u ON u.id = a.actor_id
       LEFT JOIN locations l ON l.id = a.location_id
      ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT $${params.length}::int`,
    params,
  );
  const page = rows.slice(0, filter.limit);
  const lastRow = page[page.length - 1];
  const productIds = page.map((row) => productIdsKeyingMaps(row.before, row.after));
  const productName = await productNamesOf(db, productIds.flat());
  return {
    entries: page.map((row, index) => ({
      id: row.id,
      createdAt: toIsoString(row.createdAt),
      actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '' },
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      entityName: row.entityName,
      location: row.locationId === null ? null : { id: row.locationId, name: row.locationName ?? '' },
      before: row.before,
      after: row.after,
      productNames: Object.fromEntries(
        (productIds[index] ?? []).flatMap((id) => {
          const name = productName.get(id);
          return name === undefined ? [] : [[String(id), name]];
        }),
      ),
    })),
    last: lastRow ? { createdAt: lastRow.exactCreatedAt, id: lastRow.id } : null,
    hasMore: rows.length > filter.limit,
  };
}

// One query for the whole page: the screen would otherwise read the whole catalogue to name a few products.
async function productNamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM products WHERE id = ANY($1::int[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The entity names the log holds, for the filter's choices. */
export async function listAuditEntities(db: Db): Promise<string[]> {
  const rows = await db.query<{ entity: string }>('SELECT DISTINCT entity FROM audit_log ORDER BY entity');
  return rows.map((row) => row.entity);
}

/** Whether a cursor names an entry that exists, to the microsecond: a made-up cursor names none. */
export async function auditCursorExists(db: Db, cursor: AuditCursor): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM audit_log
      WHERE id = $1::bigint
        AND to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') = $2`,
    [cursor.id, cursor.createdAt],
  );
  return rows.length > 0;
}
