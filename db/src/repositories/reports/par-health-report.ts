import type { Db } from '@db/client.ts';
import { parHealthOf, verdictRank } from '@engine/reports/par-health.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import type { ReportRange } from './report-range.ts';
import { CATEGORY_POSITION } from './report-sql.ts';
import { receivedAtCafe, USAGE_INTERVAL_CTES } from './usage-intervals.ts';

type ParHealthSqlRow = Omit<
  ReportRow<'par-health'>,
  'averageDailyUsage' | 'daysOfCover' | 'verdict' | 'suggestedPar' | 'capped'
> & { retired: boolean; maximumStock: number | null };

/**
 * PAR health, one row per café × product with a PAR above zero: the PAR and the usage measured over the
 * range's intervals — the usage report's own rows where usage is known, summed (usage, and days to the
 * hundredth as that report shows them), so the average can be checked against it. The verdict and the
 * suggestion are engine rules on this one aggregated row; rows needing a decision come first.
 */
export async function parHealthReport(db: Db, range: ReportRange): Promise<ReportRow<'par-health'>[]> {
  const rows = await db.query<ParHealthSqlRow>(
    // Café by café in code order, as usage: each café's measured intervals aggregated on their own (its
    // counts by the count_items key, its receipts alone), so the route's LIMIT stops after the cafés it needs.
    `WITH ${USAGE_INTERVAL_CTES}
     SELECT h."locationId", h."productId", h."locationCode", h."locationName", h.product, h.category, h.par,
            h.locked, h."intervalsMeasured", h."daysMeasured", h.usage, h.retired, h."maximumStock"
       FROM (SELECT l.id, l.code, l.name FROM locations l WHERE l.id = ANY($1::int[])) cafe
     CROSS JOIN LATERAL (
       SELECT cafe.id AS "locationId", p.id AS "productId", cafe.code AS "locationCode",
              cafe.name AS "locationName", p.name AS product, p.cafe_order_category AS category,
              lp.par::float8 AS par, lp.par_locked AS locked,
              COALESCE(m.intervals, 0)::int AS "intervalsMeasured", m.days::float8 AS "daysMeasured",
              m.usage::float8 AS usage, (p.retired_at IS NOT NULL OR lp.lifecycle = 'discontinued') AS retired,
              p.maximum_stock_quantity::float8 AS "maximumStock", ${CATEGORY_POSITION} AS category_position
         FROM location_products lp
         JOIN products p ON p.id = lp.product_id
         LEFT JOIN categories cat ON cat.name = p.cafe_order_category
         LEFT JOIN (
           SELECT ci.product_id, count(*) AS intervals,
                  sum(pi.count + COALESCE(rc.quantity, 0) - ci.count) AS usage,
                  sum(round((extract(epoch FROM r.completed_at - r.previous_at) / 86400)::numeric, 2)) AS days
             FROM in_range r
             JOIN count_items ci ON ci.session_id = r.session_id AND ci.count IS NOT NULL
             JOIN count_items pi
               ON pi.session_id = r.previous_session AND pi.product_id = ci.product_id AND pi.count IS NOT NULL
             LEFT JOIN ${receivedAtCafe('cafe.id')} rc
               ON rc.session_id = r.session_id AND rc.product_id = ci.product_id
            WHERE r.location_id = cafe.id
            GROUP BY ci.product_id
         ) m ON m.product_id = lp.product_id
        WHERE lp.location_id = cafe.id AND lp.par > 0
     ) h
      ORDER BY cafe.code, h.category_position, h.category, h.product
      LIMIT $4`,
    [range.locationIds, range.from, range.to, range.rowLimit ?? null],
  );
  return rows
    .map(({ retired, maximumStock, ...row }) => ({
      ...row,
      ...parHealthOf({
        par: row.par,
        usage: row.usage,
        daysMeasured: row.daysMeasured,
        retired,
        maximumStock,
      }),
    }))
    .sort((a, b) => verdictRank(a.verdict) - verdictRank(b.verdict));
}
