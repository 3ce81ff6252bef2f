import { COMPLETED_COUNTS, inLocalRange } from './report-sql.ts';

/**
 * The usage report's definition of a measured interval, shared by every report built on usage (decision 032):
 * each completed count in the range paired with the café's previous completed count (any time before), and
 * the quantities of orders received between the two. Parameters: $1 café ids, $2 and $3 the range.
 * Defines `in_range` (one row per count in the range, with its previous) and `received`, computed once even
 * where a report reads it café by café.
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
     received AS MATERIALIZED (
       SELECT r.session_id, ol.product_id, sum(ol.quantity) AS quantity
         FROM in_range r
         JOIN orders o ON o.location_id = r.location_id
         JOIN order_events e ON e.order_id = o.id AND e.to_status = 'received'
          AND e.created_at > r.previous_at AND e.created_at <= r.completed_at
         JOIN order_lines ol ON ol.order_id = o.id
        GROUP BY r.session_id, ol.product_id
     )`;
