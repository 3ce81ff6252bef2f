import type { Db } from '@db/client.ts';
import type { OrderStep } from '@engine/order-receipt-undo.ts';
import type { ReceiptLine } from '@engine/order-receipts.ts';
import type { OrderEventKind } from '@engine/order-schemas.ts';
import type { OrderStatus } from '@engine/order-state-machine.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString } from './timestamps.ts';

/** What access checks and transitions need to know of an order. */
export interface OrderHead {
  id: number;
  locationId: number;
  status: OrderStatus;
  version: number;
  createdBy: number | null;
}

export async function findOrderHead(db: Db, orderId: number): Promise<OrderHead | null> {
  const [row] = await db.query<OrderHead>(
    `SELECT id, location_id AS "locationId", status, version, created_by AS "createdBy"
       FROM orders WHERE id = $1`,
    [orderId],
  );
  return row ?? null;
}

/** The location an order belongs to, or null for an unknown id: what the routes check scope against. */
export async function findOrderLocationId(db: Db, orderId: number): Promise<number | null> {
  const [row] = await db.query<{ locationId: number }>(
    'SELECT location_id AS "locationId" FROM orders WHERE id = $1',
    [orderId],
  );
  return row?.locationId ?? null;
}

/** The location's code and today's date in its time zone, for the order number. */
export async function locationBusinessDay(
  tx: Db,
  locationId: number,
): Promise<{ code: string; date: string }> {
  const [row] = await tx.query<{ code: string; date: string }>(
    `SELECT code, (now() AT TIME ZONE timezone)::date AS date FROM locations WHERE id = $1`,
    [locationId],
  );
  if (!row) throw new Error(`Location ${locationId} does not exist`);
  return row;
}

/**
 * The next running number among the orders whose number starts with `prefix`, any café's. Safe while the
 * location's cart lock is held (lockCart), which makes submits of one location take turns; two cafés sharing a
 * prefix in the same second (a code reused that day) could still draw one number, which its uniqueness refuses
 * as a 409 that the retry passes.
 */
export async function nextOrderSequence(tx: Db, prefix: string): Promise<number> {
  // Over the whole chain, as the number's uniqueness is: another café may have had this code earlier today, in
  // any case (codes are unique ignoring it). LIKE reaches the prefix index; a code's "_" is a LIKE wildcard, so it
  // is escaped, and left() keeps the comparison exact.
  const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const [row] = await tx.query<{ next: number }>(
    `SELECT COALESCE(max(substring(number FROM length($1::text) + 1)::int), 0) + 1 AS next
       FROM orders
      WHERE lower(number) LIKE lower($2::text) AND lower(left(number, length($1::text))) = lower($1::text)
        AND substring(number FROM length($1::text) + 1) ~ '^[0-9]{1,9}$'`,
    [prefix, pattern],
  );
  return row?.next ?? 1;
}

/**
 * Inserts the order unless this user already used this idempotency key: then nothing is written and null
 * is returned. The unique index decides, not an earlier SELECT, so simultaneous retries cannot both insert;
 * a second insert waits for the first transaction and, once it commits, does nothing.
 */
export async function insertOrderOnce(
  tx: Db,
  order: { number: string; locationId: number; note: string; createdBy: number; idempotencyKey: string },
): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO orders (number, location_id, note, created_by, idempotency_key)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [order.number, order.locationId, order.note, order.createdBy, order.idempotencyKey],
  );
  return row?.id ?? null;
}

export async function findOrderByIdempotencyKey(
  db: Db,
  createdBy: number,
  idempotencyKey: string,
): Promise<{ id: number; locationId: number } | null> {
  const [row] = await db.query<{ id: number; locationId: number }>(
    `SELECT id, location_id AS "locationId" FROM orders WHERE created_by = $1 AND idempotency_key = $2`,
    [createdBy, idempotencyKey],
  );
  return row ?? null;
}

/** An order as a refusal names it: its number, who submitted it, and when on the café's clock (HH:mm). */
export interface RecentSubmission {
  number: string;
  submittedBy: string | null;
  at: string;
}

/** The location's latest order submitted within the last `minutes`, but `excludeOrderId`, or null. */
export async function findRecentSubmission(
  db: Db,
  locationId: number,
  minutes: number,
  excludeOrderId: number,
): Promise<RecentSubmission | null> {
  const [row] = await db.query<RecentSubmission>(
    `SELECT o.number, ${personNameSql('u')} AS "submittedBy",
            to_char(o.created_at AT TIME ZONE l.timezone, 'HH24:MI') AS at
       FROM orders o
       JOIN locations l ON l.id = o.location_id
       LEFT JOIN users u ON u.id = o.created_by
      WHERE o.location_id = $1 AND o.created_at > now() - make_interval(mins => $2) AND o.id <> $3
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT 1`,
    [locationId, minutes, excludeOrderId],
  );
  return row ?? null;
}

/** The order's latest recorded step: what a refusal names when the order moved on under someone. */
export interface LatestOrderChange {
  from: OrderStatus | null;
  to: OrderStatus;
  kind: OrderEventKind;
  actorId: number | null;
  actorName: string | null;
  at: string;
  timezone: string;
}

export async function findLatestOrderChange(db: Db, orderId: number): Promise<LatestOrderChange | null> {
  const [row] = await db.query<Omit<LatestOrderChange, 'at'> & { at: unknown }>(
    `SELECT e.from_status AS "from", e.to_status AS "to", e.kind, e.actor_id AS "actorId",
            ${personNameSql('u')} AS "actorName", e.created_at AS at, l.timezone
       FROM order_events e
       JOIN orders o ON o.id = e.order_id
       JOIN locations l ON l.id = o.location_id
       LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.order_id = $1
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT 1`,
    [orderId],
  );
  return row ? { ...row, at: toIsoString(row.at) } : null;
}

/** Copies the cart's lines onto the order with today's units and costs; returns how many lines it copied. */
export async function copyCartToOrderLines(tx: Db, orderId: number, locationId: number): Promise<number> {
  const rows = await tx.query(
    `INSERT INTO order_lines (order_id, product_id, quantity, unit_cost, unit)
     SELECT $1, ci.product_id, ci.quantity, p.unit_cost, p.unit
       FROM cart_items ci JOIN products p ON p.id = ci.product_id
      WHERE ci.location_id = $2
     RETURNING 1`,
    [orderId, locationId],
  );
  return rows.length;
}

/** Records one step of the order's history (a plain step unless `kind` says otherwise); returns the event's id. */
export async function insertOrderEvent(
  tx: Db,
  event: {
    orderId: number;
    from: OrderStatus | null;
    to: OrderStatus;
    actorId: number;
    comment: string;
    kind?: OrderEventKind;
  },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO order_events (order_id, from_status, to_status, actor_id, comment, kind)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id::int AS id`,
    [event.orderId, event.from, event.to, event.actorId, event.comment, event.kind ?? 'step'],
  );
  if (!row) throw new Error(`No event was recorded for order ${event.orderId}`);
  return row.id;
}

/**
 * The order's head, locked until the transaction ends: deliveries of one order received at the same moment take
 * turns, so each reads the lines the one before it received.
 */
export async function lockOrderHead(tx: Db, orderId: number): Promise<OrderHead | null> {
  const [row] = await tx.query<OrderHead>(
    `SELECT id, location_id AS "locationId", status, version, created_by AS "createdBy"
       FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
  return row ?? null;
}

/**
 * The order's lines as a change to them needs them (an edit of quantities, a delivery, a correction or undo of
 * one), by name as the history names them: product, vendor, quantity, and whether the line arrived, with what
 * and in which delivery.
 */
export async function listOrderLinesToChange(tx: Db, orderId: number): Promise<ReceiptLine[]> {
  return tx.query(
    `SELECT ol.product_id AS "productId", p.name AS "productName", p.vendor, ol.quantity,
            round(ol.quantity * ol.unit_cost, 2) AS "lineTotal", ol.receipt_event_id IS NOT NULL AS received,
            ol.received_quantity AS "receivedQuantity", ol.receipt_event_id::int AS "receiptId"
       FROM order_lines ol JOIN products p ON p.id = ol.product_id
      WHERE ol.order_id = $1
      ORDER BY p.name, p.id`,
    [orderId],
  );
}

/**
 * Links the lines not yet received to the event that received them, with what came: `delivered` lines only, or
 * with null every line still waiting, as ordered.
 */
export async function markLinesReceived(
  tx: Db,
  orderId: number,
  eventId: number,
  delivered: readonly { productId: number; receivedQuantity: number }[] | null,
): Promise<void> {
  if (delivered === null) {
    await tx.query(
      `UPDATE order_lines SET receipt_event_id = $2, received_quantity = quantity
        WHERE order_id = $1 AND receipt_event_id IS NULL`,
      [orderId, eventId],
    );
    return;
  }
  await tx.query(
    `UPDATE order_lines ol SET receipt_event_id = $2, received_quantity = d."receivedQuantity"
       FROM jsonb_to_recordset($3::jsonb) AS d("productId" int, "receivedQuantity" numeric)
      WHERE ol.order_id = $1 AND ol.product_id = d."productId" AND ol.receipt_event_id IS NULL`,
    [orderId, eventId, delivered.map(({ productId, receivedQuantity }) => ({ productId, receivedQuantity }))],
  );
}

/** Rewrites what came on lines received before (decision 093); each keeps the delivery it came with. */
export async function correctReceivedQuantities(
  tx: Db,
  orderId: number,
  corrected: readonly { productId: number; receivedQuantity: number }[],
): Promise<void> {
  await tx.query(
    `UPDATE order_lines ol SET received_quantity = d."receivedQuantity"
       FROM jsonb_to_recordset($2::jsonb) AS d("productId" int, "receivedQuantity" numeric)
      WHERE ol.order_id = $1 AND ol.product_id = d."productId" AND ol.receipt_event_id IS NOT NULL`,
    [orderId, corrected.map(({ productId, receivedQuantity }) => ({ productId, receivedQuantity }))],
  );
}

/** One step of the order's history, as telling a delivery from the rest needs it; null when not this order's. */
export async function findOrderStep(tx: Db, orderId: number, eventId: number): Promise<OrderStep | null> {
  const [row] = await tx.query<OrderStep>(
    `SELECT from_status AS "from", to_status AS "to", kind FROM order_events WHERE id = $1 AND order_id = $2`,
    [eventId, orderId],
  );
  return row ?? null;
}

/** The lines a delivery received are to come again (decision 097): what it recorded goes with the link. */
export async function unmarkLinesReceived(tx: Db, orderId: number, receiptId: number): Promise<void> {
  await tx.query(
    `UPDATE order_lines SET receipt_event_id = NULL, received_quantity = NULL
      WHERE order_id = $1 AND receipt_event_id = $2`,
    [orderId, receiptId],
  );
}

/**
 * Moves the order to `to` only if it is still at the version the person acted on. Returns the new version,
 * or null when someone else changed the order first (then nothing was written).
 */
export async function updateOrderStatusAtVersion(
  tx: Db,
  change: { orderId: number; expectedVersion: number; to: OrderStatus },
): Promise<number | null> {
  const [row] = await tx.query<{ version: number }>(
    `UPDATE orders SET status = $3, version = version + 1, updated_at = now()
      WHERE id = $1 AND version = $2
     RETURNING version`,
    [change.orderId, change.expectedVersion, change.to],
  );
  return row?.version ?? null;
}

/** Claims the order's next version for an edit that keeps its status; null when the version moved on. */
export async function bumpOrderVersion(
  tx: Db,
  orderId: number,
  expectedVersion: number,
): Promise<number | null> {
  const [row] = await tx.query<{ version: number }>(
    `UPDATE orders SET version = version + 1, updated_at = now()
      WHERE id = $1 AND version = $2
     RETURNING version`,
    [orderId, expectedVersion],
  );
  return row?.version ?? null;
}

/** Makes the order's lines exactly `lines`: others are deleted, unit costs of kept lines stay as submitted. */
export async function setOrderLineQuantities(
  tx: Db,
  orderId: number,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  await tx.query(
    `DELETE FROM order_lines
      WHERE order_id = $1
        AND product_id NOT IN (SELECT r."productId" FROM jsonb_to_recordset($2::jsonb) AS r("productId" int))`,
    [orderId, lines],
  );
  await tx.query(
    `UPDATE order_lines ol SET quantity = r.quantity
       FROM jsonb_to_recordset($2::jsonb) AS r("productId" int, quantity numeric)
      WHERE ol.order_id = $1 AND ol.product_id = r."productId" AND ol.quantity <> r.quantity`,
    [orderId, lines],
  );
}
