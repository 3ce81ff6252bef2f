import type { Db } from '@db/client.ts';
import { squareVariance } from '@engine/square-matching.ts';
import { personNameSql } from './person-name.ts';
import { toIsoStringOrNull } from './timestamps.ts';

/** One counted item: from a count session (`count`) or a nightly count (`nightly`). */
export interface CountExportRow {
  kind: 'count' | 'nightly';
  locationCode: string;
  locationName: string;
  /** The nightly count's business date; for a count session, the café's calendar day of the count. */
  businessDate: string;
  /** The count session's id, or the nightly count's. */
  sessionId: number;
  product: string;
  sku: string | null;
  category: string;
  count: number;
  confirmed: boolean;
  countedAt: string | null;
  countedBy: string | null;
  /** Square's on-hand figure beside a nightly count; null for count sessions and when Square had none. */
  squareQuantity: number | null;
  /** count − Square, to the hundredth; null without a Square figure. */
  squareVariance: number | null;
}

export interface CountExportFilter {
  locationIds: readonly number[];
  /** First and last business day, inclusive; null leaves that end open. */
  from: string | null;
  to: string | null;
}

export async function listAllLocationIds(db: Db): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM locations ORDER BY code');
  return rows.map((r) => r.id);
}

// Items whose count was cleared (count IS NULL) were not counted and are left out. "Counted at" is when the
// value was typed on the device (an offline phone syncs later), or when it was stored if that is unknown.
// Pages follow the primary key, so each page is an index range instead of a re-sort of everything before it.
const COUNT_PAGE = `
  SELECT 'count' AS kind, l.code AS "locationCode", l.name AS "locationName",
         to_char(COALESCE(ci.typed_at, ci.updated_at) AT TIME ZONE l.timezone, 'YYYY-MM-DD') AS "businessDate",
         ci.session_id AS "sessionId", ci.product_id AS "productId", p.name AS product, p.sku,
         p.cafe_order_category AS category, ci.count, ci.confirmed,
         COALESCE(ci.typed_at, ci.updated_at) AS "countedAt",
         CASE WHEN u.id IS NULL THEN NULL ELSE ${personNameSql('u')} END AS "countedBy",
         NULL::numeric AS "squareQuantity"
    FROM count_items ci
    JOIN count_sessions cs ON cs.id = ci.session_id
    JOIN locations l ON l.id = cs.location_id
    JOIN products p ON p.id = ci.product_id
    LEFT JOIN users u ON u.id = ci.updated_by
   WHERE cs.location_id = ANY($1::int[]) AND ci.count IS NOT NULL
     AND ($2::date IS NULL OR (COALESCE(ci.typed_at, ci.updated_at) AT TIME ZONE l.timezone)::date >= $2::date)
     AND ($3::date IS NULL OR (COALESCE(ci.typed_at, ci.updated_at) AT TIME ZONE l.timezone)::date <= $3::date)
     AND (ci.session_id, ci.product_id) > ($4::int, $5::int)
   ORDER BY ci.session_id, ci.product_id
   LIMIT $6`;

const NIGHTLY_PAGE = `
  SELECT 'nightly' AS kind, l.code AS "locationCode", l.name AS "locationName",
         to_char(nc.business_date, 'YYYY-MM-DD') AS "businessDate",
         nci.nightly_count_id AS "sessionId", nci.product_id AS "productId", p.name AS product, p.sku,
         p.cafe_order_category AS category, nci.count, nci.confirmed,
         COALESCE(nci.typed_at, nci.updated_at) AS "countedAt",
         CASE WHEN u.id IS NULL THEN NULL ELSE ${personNameSql('u')} END AS "countedBy",
         -- Square's figure as Parstock read it that business day (on the café's calendar).
         COALESCE(nci.square_quantity, (
           SELECT soh.quantity FROM square_on_hand soh
            WHERE soh.location_id = nc.location_id AND soh.product_id = nci.product_id
              AND (soh.fetched_at AT TIME ZONE l.timezone)::date = nc.business_date)) AS "squareQuantity"
    FROM nightly_count_items nci
    JOIN nightly_counts nc ON nc.id = nci.nightly_count_id
    JOIN locations l ON l.id = nc.location_id
    JOIN products p ON p.id = nci.product_id
    LEFT JOIN users u ON u.id = nci.updated_by
   WHERE nc.location_id = ANY($1::int[]) AND nci.count IS NOT NULL
     AND ($2::date IS NULL OR nc.business_date >= $2::date)
     AND ($3::date IS NULL OR nc.business_date <= $3::date)
     AND (nci.nightly_count_id, nci.product_id) > ($4::int, $5::int)
   ORDER BY nci.nightly_count_id, nci.product_id
   LIMIT $6`;

type RawRow = Omit<CountExportRow, 'countedAt'> & { productId: number; countedAt: unknown };

/**
 * Every counted item of the locations in the range, count sessions first, then nightly counts, each in the
 * order they were taken, a page at a time so an export of years of counts never sits in memory at once.
 */
export async function* exportCountPages(
  db: Db,
  filter: CountExportFilter,
  pageSize = 5_000,
): AsyncGenerator<CountExportRow[]> {
  for (const sql of [COUNT_PAGE, NIGHTLY_PAGE]) {
    let after = { sessionId: 0, productId: 0 };
    for (;;) {
      const page = await db.query<RawRow>(sql, [
        filter.locationIds,
        filter.from,
        filter.to,
        after.sessionId,
        after.productId,
        pageSize,
      ]);
      if (page.length === 0) break;
      const last = page[page.length - 1] as RawRow;
      after = { sessionId: last.sessionId, productId: last.productId };
      yield page.map((row) => ({
        kind: row.kind,
        locationCode: row.locationCode,
        locationName: row.locationName,
        businessDate: row.businessDate,
        sessionId: row.sessionId,
        product: row.product,
        sku: row.sku,
        category: row.category,
        count: row.count,
        confirmed: row.confirmed,
        countedAt: toIsoStringOrNull(row.countedAt),
        countedBy: row.countedBy,
        squareQuantity: row.squareQuantity,
        squareVariance: squareVariance(row.count, row.squareQuantity),
      }));
      if (page.length < pageSize) break;
    }
  }
}
