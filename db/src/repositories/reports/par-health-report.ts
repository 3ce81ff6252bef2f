import type { Db } from '@db/client.ts';
import { parHealthOf, verdictRank } from '@engine/reports/par-health.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import type { ReportRange } from './report-range.ts';
import { CATEGORY_ORDER } from './report-sql.ts';
import { USAGE_INTERVAL_CTES } from './usage-intervals.ts';

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
    `WITH ${USAGE_INTERVAL_CTES},
     measured AS (
       SELECT r.location_id, ci.product_id, count(*) AS intervals,
              sum(pi.count + COALESCE(rc.quantity, 0) - ci.count) AS usage,
              sum(round((extract(epoch FROM r.completed_at - r.previous_at) / 86400)::numeric, 2)) AS days
         FROM in_range r
         JOIN count_items ci ON ci.session_id = r.session_id AND ci.count IS NOT NULL
         JOIN count_items pi
           ON pi.session_id = r.previous_session AND pi.product_id = ci.product_id AND pi.count IS NOT NULL
         LEFT JOIN received rc ON rc.session_id = r.session_id AND rc.product_id = ci.product_id
        GROUP BY r.location_id, ci.product_id
     )
     SELECT l.id AS "locationId", p.id AS "productId", l.code AS "locationCode", l.name AS "locationName",
            p.name AS product, p.cafe_order_category AS category, lp.par::float8 AS par, lp.par_locked AS locked,
            COALESCE(m.intervals, 0)::int AS "intervalsMeasured", m.days::float8 AS "daysMeasured",
            m.usage::float8 AS usage, (p.retired_at IS NOT NULL OR lp.lifecycle = 'discontinued') AS retired,
            p.maximum_stock_quantity::float8 AS "maximumStock"
       FROM location_products lp
       JOIN locations l ON l.id = lp.location_id
       JOIN products p ON p.id = lp.product_id
       LEFT JOIN categories cat ON cat.name = p.cafe_order_category
       LEFT JOIN measured m ON m.location_id = lp.location_id AND m.product_id = lp.product_id
      WHERE lp.location_id = ANY($1::int[]) AND lp.par > 0
      ORDER BY l.code, ${CATEGORY_ORDER}, p.name
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
