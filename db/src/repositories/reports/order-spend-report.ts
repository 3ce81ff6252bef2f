import type { Db } from '@db/client.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import type { ReportRange } from './report-range.ts';
import { inLocalRange } from './report-sql.ts';

/**
 * Order spend: orders submitted in the range (café-local day), by the week they were submitted in, café,
 * category and current status. Spend is Σ of each line's quantity × the unit cost snapshotted on it, the line
 * rounded to cents first as the order's total and the orders CSV round it (engine `lineMoney`); approval time
 * is the first approval after submission, averaged over orders (not lines).
 */
export function orderSpendReport(db: Db, range: ReportRange): Promise<ReportRow<'order-spend'>[]> {
  return db.query<ReportRow<'order-spend'>>(
    `WITH per_order AS (
       SELECT o.id, l.id AS location_id, l.code, l.name, o.status, p.cafe_order_category AS category,
              date_trunc('week', o.created_at AT TIME ZONE l.timezone)::date AS week,
              sum(round(ol.quantity * ol.unit_cost, 2)) AS spend,
              extract(epoch FROM a.approved_at - o.created_at) / 3600 AS approval_hours
         FROM orders o
         JOIN locations l ON l.id = o.location_id
         JOIN order_lines ol ON ol.order_id = o.id
         JOIN products p ON p.id = ol.product_id
         LEFT JOIN LATERAL (
           SELECT min(e.created_at) AS approved_at FROM order_events e
            WHERE e.order_id = o.id AND e.to_status = 'approved'
         ) a ON true
        WHERE o.location_id = ANY($1::int[]) AND ${inLocalRange('o.created_at')}
        GROUP BY o.id, l.id, p.cafe_order_category, a.approved_at
     )
     SELECT to_char(po.week, 'YYYY-MM-DD') AS "weekStart", po.code AS "locationCode", po.name AS "locationName",
            po.category, po.status, count(*)::int AS orders, sum(po.spend)::float8 AS spend,
            count(po.approval_hours)::int AS "approvedOrders",
            round(avg(po.approval_hours)::numeric, 1)::float8 AS "averageApprovalHours"
       FROM per_order po
       LEFT JOIN categories cat ON cat.name = po.category
      GROUP BY po.week, po.location_id, po.code, po.name, po.category, cat.display_order, po.status
      ORDER BY po.week, po.code, COALESCE(cat.display_order, 2147483647), po.category, po.status`,
    [range.locationIds, range.from, range.to],
  );
}
