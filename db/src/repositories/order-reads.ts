import type { Db, SqlParam } from '@db/client.ts';
import type { KeysetCursor } from '@engine/input/page-cursor.ts';
import type { OrderEventKind } from '@engine/order-schemas.ts';
import { type OrderStatus, UNSPENT_ORDER_STATUSES } from '@engine/order-state-machine.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

export interface OrderSummaryRow {
  id: number;
  number: string;
  location: { id: number; name: string; code: string; timezone: string };
  status: OrderStatus;
  note: string;
  createdAt: string;
  createdBy: { id: number; name: string } | null;
  updatedAt: string;
  version: number;
  lineCount: number;
  receivedLineCount: number;
  notAsOrderedLineCount: number;
  total: number;
}

export interface OrderLineRow {
  orderId: number;
  productId: number;
  productName: string;
  category: string;
  subcategory: string | null;
  unit: string;
  sku: string | null;
  vendor: string | null;
  quantity: number;
  unitCost: number;
  lineTotal: number;
  receivedAt: string | null;
  receivedQuantity: number | null;
  receiptId: number | null;
}

export interface OrderEventRow {
  id: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  kind: OrderEventKind;
  actor: { id: number; name: string } | null;
  comment: string;
  at: string;
}

/** Which orders a list or export covers. `locationIds` is the user's scope and always applies. */
export interface OrderFilter {
  locationIds: readonly number[];
  status?: OrderStatus;
  locationId?: number;
  /** Inclusive days, compared with the day the order was submitted in its location's time zone. */
  from?: string;
  to?: string;
  /** Only orders with a received line that came otherwise than ordered. */
  notAsOrdered?: boolean;
}

interface RawSummary {
  id: number;
  number: string;
  locationId: number;
  locationName: string;
  locationCode: string;
  locationTimezone: string;
  status: OrderStatus;
  note: string;
  createdAt: unknown;
  createdById: number | null;
  createdByName: string | null;
  updatedAt: unknown;
  version: number;
  lineCount: number;
  receivedLineCount: number;
  notAsOrderedLineCount: number;
  total: number;
}

/** An order's total over `order_lines ol`: each line rounded to the cent, as its line total shows, then summed. */
const ORDER_TOTAL_SQL = 'COALESCE(sum(round(ol.quantity * ol.unit_cost, 2)), 0)';

const SUMMARY_COLUMNS = `o.id, o.number, l.id AS "locationId", l.name AS "locationName", l.code AS "locationCode",
         l.timezone AS "locationTimezone", o.status, o.note, o.created_at AS "createdAt", o.created_by AS "createdById",
         ${personNameSql('u')} AS "createdByName", o.updated_at AS "updatedAt", o.version,
         totals."lineCount", totals."receivedLineCount", totals."notAsOrderedLineCount", totals.total`;

const SUMMARY_FROM = `
    FROM orders o
    JOIN locations l ON l.id = o.location_id
    LEFT JOIN users u ON u.id = o.created_by
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "lineCount", count(ol.receipt_event_id)::int AS "receivedLineCount",
             count(*) FILTER (WHERE ol.received_quantity <> ol.quantity)::int AS "notAsOrderedLineCount",
             ${ORDER_TOTAL_SQL} AS total
        FROM order_lines ol WHERE ol.order_id = o.id
    ) totals`;

const SELECT_SUMMARY = `SELECT ${SUMMARY_COLUMNS}${SUMMARY_FROM}`;

function toSummary(row: RawSummary): OrderSummaryRow {
  return {
    id: row.id,
    number: row.number,
    location: {
      id: row.locationId,
      name: row.locationName,
      code: row.locationCode,
      timezone: row.locationTimezone,
    },
    status: row.status,
    note: row.note,
    createdAt: toIsoString(row.createdAt),
    createdBy: row.createdById === null ? null : { id: row.createdById, name: row.createdByName ?? '' },
    updatedAt: toIsoString(row.updatedAt),
    version: row.version,
    lineCount: row.lineCount,
    receivedLineCount: row.receivedLineCount,
    notAsOrderedLineCount: row.notAsOrderedLineCount,
    total: row.total,
  };
}

/** The WHERE clause of a filter over `orders o JOIN locations l`, with its parameters $1 to $6. */
function filterSql(filter: OrderFilter): { where: string; params: SqlParam[] } {
  return {
    where: `o.location_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int)
        AND ($2::text IS NULL OR o.status = $2::text)
        AND ($3::int IS NULL OR o.location_id = $3::int)
        AND ($4::date IS NULL OR (o.created_at AT TIME ZONE l.timezone)::date >= $4::date)
        AND ($5::date IS NULL OR (o.created_at AT TIME ZONE l.timezone)::date <= $5::date)
        AND (NOT $6::bool OR EXISTS (SELECT 1 FROM order_lines x
                                      WHERE x.order_id = o.id AND x.received_quantity <> x.quantity))`,
    params: [
      filter.locationIds,
      filter.status ?? null,
      filter.locationId ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.notAsOrdered ?? false,
    ],
  };
}

/** An order's created_at to the microsecond, as text: a JS Date keeps only milliseconds, and a cursor needs all six. */
const EXACT_CREATED_AT_SQL = `to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest first, keyset-paged by (created_at, id): orders submitted while someone pages do not shift the pages after
 * the first, and two orders of one instant are told apart by id. One more than `limit` is asked for so the caller
 * knows whether more match; `last` is where this page ended, for the next page's `after`.
 */
export async function listOrderSummaries(
  db: Db,
  filter: OrderFilter,
  limit: number,
  after?: KeysetCursor,
): Promise<{ orders: OrderSummaryRow[]; hasMore: boolean; last: KeysetCursor | null }> {
  const { where, params } = filterSql(filter);
  // The cursor's time goes as text and is cast here: a parameter typed timestamptz is sent by postgres.js through a
  // JS Date, which keeps milliseconds, and the page would skip the orders of the rest of that millisecond.
  const keyset = after ? 'AND (o.created_at, o.id) < ($8::text::timestamptz, $9::bigint)' : '';
  const rows = await db.query<RawSummary & { exactCreatedAt: string }>(
    `SELECT ${SUMMARY_COLUMNS}, ${EXACT_CREATED_AT_SQL} AS "exactCreatedAt"${SUMMARY_FROM}
      WHERE ${where} ${keyset}
      ORDER BY o.created_at DESC, o.id DESC LIMIT $7`,
    after ? [...params, limit + 1, after.createdAt, after.id] : [...params, limit + 1],
  );
  const page = rows.slice(0, limit);
  const lastRow = page[page.length - 1];
  return {
    orders: page.map(toSummary),
    hasMore: rows.length > limit,
    last: lastRow ? { createdAt: lastRow.exactCreatedAt, id: lastRow.id } : null,
  };
}

/**
 * Whether a cursor names an order of these locations, to the microsecond. A made-up cursor names none, and neither
 * does one made from another café's order: a caller refuses both alike, so a cursor tells nothing of orders
 * outside the user's cafés. Compared as text, so a cursor's time never reaches SQL as a cast that could fail.
 */
export async function orderCursorExists(
  db: Db,
  cursor: KeysetCursor,
  locationIds: readonly number[],
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM orders o
      WHERE o.id = $1::bigint
        AND ${EXACT_CREATED_AT_SQL} = $2
        AND o.location_id IN (SELECT jsonb_array_elements_text($3::jsonb)::int)`,
    [cursor.id, cursor.createdAt, locationIds],
  );
  return rows.length > 0;
}

/** How many orders match and what they are worth together. */
export async function totalOrders(
  db: Db,
  filter: OrderFilter,
): Promise<{ count: number; total: number; unspentTotal: number }> {
  const { where, params } = filterSql(filter);
  const [row] = await db.query<{ count: number; total: number; unspentTotal: number }>(
    `SELECT count(*)::int AS count,
            COALESCE(sum(line_totals.total) FILTER (WHERE NOT unspent.never_paid), 0) AS total,
            COALESCE(sum(line_totals.total) FILTER (WHERE unspent.never_paid), 0) AS "unspentTotal"
       FROM orders o
       JOIN locations l ON l.id = o.location_id
       CROSS JOIN LATERAL (
         SELECT ${ORDER_TOTAL_SQL} AS total
           FROM order_lines ol WHERE ol.order_id = o.id
       ) line_totals
       CROSS JOIN LATERAL (
         SELECT o.status IN (SELECT jsonb_array_elements_text($7::jsonb)) AS never_paid
       ) unspent
      WHERE ${where}`,
    [...params, UNSPENT_ORDER_STATUSES],
  );
  return row ?? { count: 0, total: 0, unspentTotal: 0 };
}

/** Every matching order (no limit: an export is the whole answer), newest first. */
export async function listAllOrderSummaries(db: Db, filter: OrderFilter): Promise<OrderSummaryRow[]> {
  const { where, params } = filterSql(filter);
  const rows = await db.query<RawSummary>(
    `${SELECT_SUMMARY} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC`,
    params,
  );
  return rows.map(toSummary);
}

export async function findOrderSummary(db: Db, orderId: number): Promise<OrderSummaryRow | null> {
  const [row] = await db.query<RawSummary>(`${SELECT_SUMMARY} WHERE o.id = $1`, [orderId]);
  return row ? toSummary(row) : null;
}

/** Submitted orders of the given locations, oldest first: the approval queue. */
export async function listSubmittedOrderSummaries(
  db: Db,
  locationIds: readonly number[],
): Promise<OrderSummaryRow[]> {
  const rows = await db.query<RawSummary>(
    `${SELECT_SUMMARY}
      WHERE o.status = 'submitted' AND o.location_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int)
      ORDER BY o.created_at, o.id`,
    [locationIds],
  );
  return rows.map(toSummary);
}

/** What waits for approval at the given locations: counted in the database, no order or line sent. */
export async function summariseSubmittedOrders(
  db: Db,
  locationIds: readonly number[],
): Promise<{ waiting: number; cafes: number; total: number; oldestSubmittedAt: string | null }> {
  const [row] = await db.query<{ waiting: number; cafes: number; total: number; oldest: unknown }>(
    `SELECT count(*)::int AS waiting, count(DISTINCT o.location_id)::int AS cafes, min(o.created_at) AS oldest,
            COALESCE(sum(totals.total), 0) AS total
       FROM orders o
       CROSS JOIN LATERAL (
         SELECT ${ORDER_TOTAL_SQL} AS total
           FROM order_lines ol WHERE ol.order_id = o.id
       ) totals
      WHERE o.status = 'submitted' AND o.location_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int)`,
    [locationIds],
  );
  return {
    waiting: row?.waiting ?? 0,
    cafes: row?.cafes ?? 0,
    total: row?.total ?? 0,
    oldestSubmittedAt: toIsoStringOrNull(row?.oldest),
  };
}

/** Lines of the given orders, grouped by order, by category display order and product name inside one. */
export async function listOrderLines(db: Db, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.query<Omit<OrderLineRow, 'receivedAt'> & { receivedAt: unknown }>(
    `SELECT ol.order_id AS "orderId", p.id AS "productId", p.name AS "productName",
            p.cafe_order_category AS category, p.order_subcategory AS subcategory,
            COALESCE(ol.unit, p.unit) AS unit, p.sku, p.vendor,
            ol.quantity, ol.unit_cost AS "unitCost", round(ol.quantity * ol.unit_cost, 2) AS "lineTotal",
            receipt.created_at AS "receivedAt", ol.received_quantity AS "receivedQuantity",
            ol.receipt_event_id::int AS "receiptId"
       FROM order_lines ol
       JOIN products p ON p.id = ol.product_id
       LEFT JOIN categories c ON c.name = p.cafe_order_category
       LEFT JOIN order_events receipt ON receipt.id = ol.receipt_event_id
      WHERE ol.order_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int)
      ORDER BY ol.order_id, c.display_order NULLS LAST, p.cafe_order_category, p.name, p.id`,
    [orderIds],
  );
  return rows.map((row) => ({
    ...row,
    receivedAt: row.receivedAt === null ? null : toIsoString(row.receivedAt),
  }));
}

export async function listOrderEvents(db: Db, orderId: number): Promise<OrderEventRow[]> {
  const rows = await db.query<{
    id: number;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    kind: OrderEventKind;
    actorId: number | null;
    actorName: string | null;
    comment: string;
    at: unknown;
  }>(
    `SELECT e.id, e.from_status AS "fromStatus", e.to_status AS "toStatus", e.kind, e.actor_id AS "actorId",
            ${personNameSql('u')} AS "actorName", e.comment, e.created_at AS at
       FROM order_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.order_id = $1
      ORDER BY e.created_at, e.id`,
    [orderId],
  );
  return rows.map((row) => ({
    id: row.id,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    kind: row.kind,
    actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '' },
    comment: row.comment,
    at: toIsoString(row.at),
  }));
}
