import type { Db } from '@db/client.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import { usageJumps, usageOf, usagePerDay } from '@engine/reports/report-measures.ts';
import type { ReportRange } from './report-range.ts';
import { CATEGORY_POSITION } from './report-sql.ts';
import { receivedAtCafe, USAGE_INTERVAL_CTES } from './usage-intervals.ts';

type UsageSqlRow = Omit<ReportRow<'usage'>, 'usage' | 'usagePerDay' | 'jumped'>;

/**
 * Usage between counts, one row per product counted at a completed count in the range: its count at the
 * café's previous completed count (any time before), the quantities of orders received between the two, and
 * this count. The arithmetic and the jump flag are engine rules applied to these aggregated rows.
 */
export async function usageReport(db: Db, range: ReportRange): Promise<ReportRow<'usage'>[]> {
  const rows = await db.query<UsageSqlRow>(
    // Café by café in code order, each café's rows read (receipts included) and sorted on their own: the whole
    // range is never one sort (a year of a large chain is millions of rows), the route's LIMIT stops after the
    // cafés it needs, and the one sort is the outer one, café by café (an incremental sort on the café code).
    `WITH ${USAGE_INTERVAL_CTES}
     SELECT u."locationCode", u."locationName", u.product, u.category, u."previousCountDate", u."countDate",
            u.days, u."previousCount", u.received, u.count
       FROM (SELECT l.id, l.code FROM locations l WHERE l.id = ANY($1::int[])) cafe
     CROSS JOIN LATERAL (
       SELECT r.code AS "locationCode", r.name AS "locationName", p.name AS product,
              p.cafe_order_category AS category,
              to_char((r.previous_at AT TIME ZONE r.timezone)::date, 'YYYY-MM-DD') AS "previousCountDate",
              to_char((r.completed_at AT TIME ZONE r.timezone)::date, 'YYYY-MM-DD') AS "countDate",
              round((extract(epoch FROM r.completed_at - r.previous_at) / 86400)::numeric, 2)::float8 AS days,
              pi.count::float8 AS "previousCount", COALESCE(rc.quantity, 0)::float8 AS received,
              ci.count::float8 AS count, ${CATEGORY_POSITION} AS category_position, r.completed_at
         -- OFFSET 0 keeps this café's intervals a subquery scanned first: flattened, the planner applied the café
         -- filter only above the join with the café's receipts, reading every café's counted items.
         FROM (SELECT * FROM in_range WHERE location_id = cafe.id OFFSET 0) r
         JOIN count_items ci ON ci.session_id = r.session_id AND ci.count IS NOT NULL
         JOIN products p ON p.id = ci.product_id
         LEFT JOIN categories cat ON cat.name = p.cafe_order_category
         LEFT JOIN count_items pi
           ON pi.session_id = r.previous_session AND pi.product_id = ci.product_id AND pi.count IS NOT NULL
         LEFT JOIN ${receivedAtCafe('cafe.id')} rc ON rc.session_id = r.session_id AND rc.product_id = ci.product_id
     ) u
      ORDER BY cafe.code, u.category_position, u.category, u.product, u.completed_at
      LIMIT $4`,
    [range.locationIds, range.from, range.to, range.rowLimit ?? null],
  );
  const measured = rows.map((row) => {
    const usage = usageOf(row);
    return { ...row, usage, usagePerDay: usagePerDay(usage, row.days), jumped: false };
  });
  const jumps = usageJumps(
    measured.map((row) => ({ key: `${row.locationCode}\n${row.product}`, usagePerDay: row.usagePerDay })),
  );
  return measured.map((row, index) => ({ ...row, jumped: jumps[index] ?? false }));
}
