import type { CountItemRow } from './demo-rows.ts';

/**
 * The statements that insert the demo's history rows (read from `$1::jsonb`, ids resolved through natural keys),
 * shared by the four-week window and the older history inserted after it.
 */

// A session is known by its café and start time: each café starts at most one session at a time.
const sessionJoin = `JOIN locations l ON l.code = r.location
   JOIN count_sessions s ON s.location_id = l.id AND s.started_at = r."sessionStartedAt"`;

export const HISTORY_INSERTS = {
  countSessions: `INSERT INTO count_sessions (location_id, status, started_at, started_by, closed_at)
   SELECT l.id, r.status, r."startedAt", u.id, r."closedAt"
   FROM jsonb_to_recordset($1::jsonb) AS r(location text, status text, "startedAt" timestamptz,
        "startedBy" text, "closedAt" timestamptz)
   JOIN locations l ON l.code = r.location
   JOIN users u ON u.email = r."startedBy"`,
  countItems: `INSERT INTO count_items (session_id, product_id, count, confirmed, confirmed_at, updated_at, updated_by)
   SELECT s.id, p.id, r.count, true, r."confirmedAt", r."confirmedAt", u.id
   FROM jsonb_to_recordset($1::jsonb) AS r(location text, "sessionStartedAt" timestamptz, product text,
        count numeric, "confirmedAt" timestamptz, "updatedBy" text)
   ${sessionJoin}
   JOIN products p ON p.name = r.product
   JOIN users u ON u.email = r."updatedBy"`,
  countCompletions: `INSERT INTO count_completions (location_id, session_id, completed_at, completed_by, items_counted, is_active)
   SELECT l.id, s.id, r."completedAt", u.id, r."itemsCounted", false
   FROM jsonb_to_recordset($1::jsonb) AS r(location text, "sessionStartedAt" timestamptz,
        "completedAt" timestamptz, "completedBy" text, "itemsCounted" int)
   ${sessionJoin}
   JOIN users u ON u.email = r."completedBy"`,
  nightlyCounts: `INSERT INTO nightly_counts (location_id, business_date, created_at, created_by, completed_at, completed_by)
   SELECT l.id, r."businessDate", r."createdAt", u.id, r."completedAt", u.id
   FROM jsonb_to_recordset($1::jsonb) AS r(location text, "businessDate" date, "createdAt" timestamptz,
        "createdBy" text, "completedAt" timestamptz)
   JOIN locations l ON l.code = r.location
   JOIN users u ON u.email = r."createdBy"`,
  nightlyCountItems: `INSERT INTO nightly_count_items (nightly_count_id, product_id, count, square_quantity, confirmed, updated_at, updated_by)
   SELECT n.id, p.id, r.count, r."squareQuantity", true, r."updatedAt", u.id
   FROM jsonb_to_recordset($1::jsonb) AS r(location text, "businessDate" date, product text, count numeric,
        "squareQuantity" numeric, "updatedAt" timestamptz, "updatedBy" text)
   JOIN locations l ON l.code = r.location
   JOIN nightly_counts n ON n.location_id = l.id AND n.business_date = r."businessDate"
   JOIN products p ON p.name = r.product
   JOIN users u ON u.email = r."updatedBy"`,
  orders: `INSERT INTO orders (number, location_id, status, note, created_by, created_at, updated_at, version)
   SELECT r.number, l.id, r.status, r.note, u.id, r."createdAt", r."updatedAt", r.version
   FROM jsonb_to_recordset($1::jsonb) AS r(number text, location text, status text, note text,
        "createdBy" text, "createdAt" timestamptz, "updatedAt" timestamptz, version int)
   JOIN locations l ON l.code = r.location
   JOIN users u ON u.email = r."createdBy"`,
  orderLines: `INSERT INTO order_lines (order_id, product_id, quantity, unit_cost, unit)
   SELECT o.id, p.id, r.quantity, r."unitCost", p.unit
   FROM jsonb_to_recordset($1::jsonb) AS r("order" text, product text, quantity numeric, "unitCost" numeric)
   JOIN orders o ON o.number = r."order"
   JOIN products p ON p.name = r.product`,
  orderEvents: `INSERT INTO order_events (order_id, from_status, to_status, actor_id, comment, created_at)
   SELECT o.id, r."fromStatus", r."toStatus", u.id, r.comment, r."createdAt"
   FROM jsonb_to_recordset($1::jsonb) AS r("order" text, "fromStatus" text, "toStatus" text, actor text,
        comment text, "createdAt" timestamptz)
   JOIN orders o ON o.number = r."order"
   JOIN users u ON u.email = r.actor`,
} as const;

/** The demo's received orders arrived whole, as ordered: each line is linked to its order's receipt (decision 092). */
export const LINK_RECEIVED_LINES = `UPDATE order_lines ol SET receipt_event_id = e.id, received_quantity = ol.quantity
   FROM order_events e
  WHERE e.order_id = ol.order_id AND e.to_status = 'received' AND ol.receipt_event_id IS NULL`;

/**
 * Count items grouped by session (one JSON object per count, its products, counts and times as arrays): the
 * older history's tens of thousands of items parse and join in a fraction of the time row objects take.
 */
export const COUNT_ITEMS_BY_SESSION = `INSERT INTO count_items (session_id, product_id, count, confirmed, confirmed_at, updated_at, updated_by)
   SELECT s.id, p.id, x.count, true, x.at, x.at, u.id
   FROM jsonb_to_recordset($1::jsonb) AS r(location text, "sessionStartedAt" timestamptz, "updatedBy" text,
        products text[], counts numeric[], "confirmedAt" timestamptz[])
   ${sessionJoin}
   JOIN users u ON u.email = r."updatedBy"
   CROSS JOIN LATERAL unnest(r.products, r.counts, r."confirmedAt") AS x(product, count, at)
   JOIN products p ON p.name = x.product`;

/** Count item rows as COUNT_ITEMS_BY_SESSION reads them, and how many items they hold. */
export function groupBySession(rows: readonly CountItemRow[]): {
  groups: CountItemsOfSession[];
  items: number;
} {
  const groups = new Map<string, CountItemsOfSession>();
  for (const row of rows) {
    const key = `${row.location}|${row.sessionStartedAt}|${row.updatedBy}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        location: row.location,
        sessionStartedAt: row.sessionStartedAt,
        updatedBy: row.updatedBy,
        products: [],
        counts: [],
        confirmedAt: [],
      };
      groups.set(key, group);
    }
    group.products.push(row.product);
    group.counts.push(row.count);
    group.confirmedAt.push(row.confirmedAt);
  }
  return { groups: [...groups.values()], items: rows.length };
}

export interface CountItemsOfSession {
  location: string;
  sessionStartedAt: string;
  updatedBy: string;
  products: string[];
  counts: number[];
  confirmedAt: string[];
}

export type HistoryTable = keyof typeof HISTORY_INSERTS;
