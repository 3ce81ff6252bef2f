import type { Db } from '@db/client.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import type { ReportRange } from './report-range.ts';
import { CATEGORY_ORDER, COMPLETED_COUNTS, inLocalRange, isoUtc, localDay } from './report-sql.ts';

/**
 * Inventory value: Σ count × the product's unit cost, per category, at each completed count in the range. Each
 * product's value is rounded to cents before adding, as Inventory Management shows it (engine `lineMoney`).
 */
export function inventoryValueReport(db: Db, range: ReportRange): Promise<ReportRow<'inventory-value'>[]> {
  return db.query<ReportRow<'inventory-value'>>(
    `WITH completed AS (${COMPLETED_COUNTS})
     SELECT ${localDay('c.completed_at')} AS "businessDate", ${isoUtc('c.completed_at')} AS "countedAt",
            l.code AS "locationCode", l.name AS "locationName", p.cafe_order_category AS category,
            count(*)::int AS "productsCounted", sum(round(ci.count * p.unit_cost, 2))::float8 AS value
       FROM completed c
       JOIN locations l ON l.id = c.location_id
       JOIN count_items ci ON ci.session_id = c.session_id AND ci.count IS NOT NULL
       JOIN products p ON p.id = ci.product_id
       LEFT JOIN categories cat ON cat.name = p.cafe_order_category
      WHERE ${inLocalRange('c.completed_at')}
      GROUP BY c.id, c.completed_at, l.id, p.cafe_order_category, cat.display_order
      ORDER BY c.completed_at, l.code, ${CATEGORY_ORDER}`,
    [range.locationIds, range.from, range.to],
  );
}
