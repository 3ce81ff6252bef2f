import type { Db } from '@db/client.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import { averageVariance } from '@engine/reports/report-measures.ts';
import type { ReportRange } from './report-range.ts';

type VarianceSqlRow = Omit<ReportRow<'nightly-variance'>, 'averageVariance'>;

/**
 * Nightly variance against Square: every counted nightly item on a business day of the range that has Square's
 * on-hand figure beside it (recorded when the count was saved), per café and product, largest total absolute
 * variance first. Cafés without Square have no such figures, hence no rows.
 */
export async function nightlyVarianceReport(
  db: Db,
  range: ReportRange,
): Promise<ReportRow<'nightly-variance'>[]> {
  const rows = await db.query<VarianceSqlRow>(
    `WITH compared AS (
       SELECT l.id AS location_id, l.code, l.name, p.id AS product_id, p.name AS product,
              p.cafe_order_category AS category, n.business_date, nci.count - nci.square_quantity AS variance
         FROM nightly_counts n
         JOIN locations l ON l.id = n.location_id
         JOIN nightly_count_items nci ON nci.nightly_count_id = n.id
         JOIN products p ON p.id = nci.product_id
        WHERE n.location_id = ANY($1::int[]) AND n.business_date BETWEEN $2::date AND $3::date
          AND nci.count IS NOT NULL AND nci.square_quantity IS NOT NULL
     )
     SELECT code AS "locationCode", name AS "locationName", product, category,
            count(*)::int AS "nightsCompared", sum(variance)::float8 AS "netVariance",
            sum(abs(variance))::float8 AS "absoluteVariance",
            ((array_agg(variance ORDER BY abs(variance) DESC, business_date DESC))[1])::float8 AS "worstVariance",
            to_char((array_agg(business_date ORDER BY abs(variance) DESC, business_date DESC))[1], 'YYYY-MM-DD')
              AS "worstDate"
       FROM compared
      GROUP BY location_id, code, name, product_id, product, category
      ORDER BY sum(abs(variance)) DESC, code, product`,
    [range.locationIds, range.from, range.to],
  );
  return rows.map((row) => ({
    ...row,
    averageVariance: averageVariance(row.netVariance, row.nightsCompared),
  }));
}
