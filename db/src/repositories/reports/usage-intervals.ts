import { COMPLETED_COUNTS, inLocalRange } from './report-sql.ts';

/**
 * The usage report's definition of a measured interval, shared by every report built on usage (decision 032):
 * each completed count in the range paired with the café's previous completed count (any time before), and
 * the quantities delivered between the two: each line what came, when its delivery was received (decision 092).
 * Parameters: $1 café ids, $2 and $3 the range. Defines `in_range` (one row per count in the range, with its
 * previous) and `receipts` (each delivery received at those cafés, when: one row per delivery, not per line; a
 * delivery is a step that left a placed order placed or received; a correction of what came is not one, as its
 * lines keep their delivery), both small; the lines are read café by café.
 */
export const USAGE_INTERVAL_CTES = `completed AS (${COMPLETED_COUNTS}),
     paired AS (
       SELECT c.*, lag(c.session_id) OVER w AS previous_session, lag(c.completed_at) OVER w AS previous_at
         FROM completed c
       WINDOW w AS (PARTITION BY c.location_id ORDER BY c.completed_at, c.id)
     ),
     in_range AS (
       SELECT c.*, l.code, l.name, l.timezone
         FROM paired c JOIN locations l ON l.id = c.location_id
        WHERE ${inLocalRange('c.completed_at')}
     ),
     receipts AS MATERIALIZED (
       SELECT o.location_id, e.id, e.order_id, e.created_at
         FROM orders o
         JOIN order_events e ON e.order_id = o.id AND e.from_status = 'placed' AND e.kind = 'step'
        WHERE o.location_id = ANY($1::int[])
     )`;

/**
 * The quantities received per (interval's count session, product) at the one café `cafeId` (an SQL
 * expression, the café of a per-café `LATERAL`): computed where a café is read, so a report stopped by the
 * route's row limit after a few cafés never aggregates the receipts of the others.
 */
export const receivedAtCafe = (cafeId: string) => `(
       SELECT r.session_id, ol.product_id, sum(ol.received_quantity) AS quantity
         FROM in_range r
         JOIN receipts g
           ON g.location_id = r.location_id AND g.created_at > r.previous_at AND g.created_at <= r.completed_at
         JOIN order_lines ol ON ol.order_id = g.order_id AND ol.receipt_event_id = g.id
        WHERE r.location_id = ${cafeId} AND g.location_id = ${cafeId}
        GROUP BY r.session_id, ol.product_id
     )`;
