import type { Db } from '@db/client.ts';
import type { NightlyReportInput, NightlyReportItem } from '@engine/nightly-report.ts';
import { personNameSql } from './person-name.ts';
import { toIsoStringOrNull } from './timestamps.ts';

export interface ReportLocation {
  id: number;
  code: string;
  name: string;
  timezone: string;
  /** Mapped to a Square location, so Square on-hand figures can be expected beside nightly counts. */
  squareConnected: boolean;
  /** Its first day, on its own clock (decision 106): no nightly count is owed before it. */
  openedOn: string;
}

/** The cafés a chain-wide report covers: every active location, by code. */
export async function listReportLocations(db: Db): Promise<ReportLocation[]> {
  return db.query<ReportLocation>(
    `SELECT id, code, name, timezone, square_location_id IS NOT NULL AS "squareConnected",
            to_char((created_at AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS "openedOn"
       FROM locations WHERE active ORDER BY code`,
  );
}

export interface ReportDay {
  location: ReportLocation;
  businessDate: string;
}

/**
 * What the report needs about each café's nightly count on its business date: the count (if any), its
 * counted items with today's PAR and Square's figure, and how many daily items the café carries.
 */
export async function loadNightlyReportInputs(
  db: Db,
  days: readonly ReportDay[],
): Promise<NightlyReportInput[]> {
  if (days.length === 0) return [];
  const wanted = days.map((d) => ({ l: d.location.id, d: d.businessDate }));
  const [counts, items, expected, failures] = await Promise.all([
    db.query<{ locationId: number; id: number; completedAt: unknown; completedBy: string | null }>(
      `SELECT nc.location_id AS "locationId", nc.id, nc.completed_at AS "completedAt",
              CASE WHEN u.id IS NULL THEN NULL ELSE ${personNameSql('u')} END AS "completedBy"
         FROM jsonb_to_recordset($1::jsonb) AS w(l int, d date)
         JOIN nightly_counts nc ON nc.location_id = w.l AND nc.business_date = w.d
         LEFT JOIN users u ON u.id = nc.completed_by`,
      [wanted],
    ),
    db.query<NightlyReportItem & { nightlyCountId: number }>(
      `SELECT nci.nightly_count_id AS "nightlyCountId", p.name AS product, nci.count,
              COALESCE(lp.par, 0) AS par, COALESCE(nci.square_quantity, (
           SELECT soh.quantity FROM square_on_hand soh
            WHERE soh.location_id = nc.location_id AND soh.product_id = nci.product_id
              AND (soh.fetched_at AT TIME ZONE l.timezone)::date = nc.business_date)) AS "squareQuantity"
         FROM jsonb_to_recordset($1::jsonb) AS w(l int, d date)
         JOIN nightly_counts nc ON nc.location_id = w.l AND nc.business_date = w.d
         JOIN locations l ON l.id = nc.location_id
         JOIN nightly_count_items nci ON nci.nightly_count_id = nc.id
         JOIN products p ON p.id = nci.product_id
         LEFT JOIN location_products lp ON lp.location_id = nc.location_id AND lp.product_id = nci.product_id
        ORDER BY p.name`,
      [wanted],
    ),
    // The nightly screen lists daily-count products still sold and not discontinued at the café.
    db.query<{ locationId: number; n: number }>(
      `SELECT l.id AS "locationId", count(p.id)::int AS n
         FROM locations l
         JOIN products p ON p.is_daily_count AND p.retired_at IS NULL
         LEFT JOIN location_products lp ON lp.location_id = l.id AND lp.product_id = p.id
        WHERE l.id = ANY($1::int[]) AND COALESCE(lp.lifecycle, 'active') <> 'discontinued'
        GROUP BY l.id`,
      [days.map((d) => d.location.id)],
    ),
    // Square failed for the café on its business day and never answered after: the report says so.
    db.query<{ locationId: number }>(
      `SELECT r.location_id AS "locationId"
         FROM jsonb_to_recordset($1::jsonb) AS w(l int, d date)
         JOIN locations l ON l.id = w.l
         JOIN square_location_reads r ON r.location_id = w.l
        WHERE (r.last_failed_at AT TIME ZONE l.timezone)::date = w.d
          AND (r.last_ok_at IS NULL OR r.last_ok_at < r.last_failed_at)`,
      [wanted],
    ),
  ]);
  const unavailable = new Set(failures.map((f) => f.locationId));
  const countOf = new Map(counts.map((c) => [c.locationId, c]));
  const expectedOf = new Map(expected.map((e) => [e.locationId, e.n]));
  const itemsOf = new Map<number, NightlyReportItem[]>();
  for (const { nightlyCountId, ...item } of items) {
    const list = itemsOf.get(nightlyCountId) ?? [];
    list.push(item);
    itemsOf.set(nightlyCountId, list);
  }
  return days.map(({ location, businessDate }) => {
    const count = countOf.get(location.id);
    return {
      locationCode: location.code,
      locationName: location.name,
      businessDate,
      timeZone: location.timezone,
      squareConnected: location.squareConnected,
      squareUnavailable: unavailable.has(location.id),
      nightlyCount: count
        ? { completedAt: toIsoStringOrNull(count.completedAt), completedBy: count.completedBy }
        : null,
      itemsExpected: expectedOf.get(location.id) ?? 0,
      items: count ? (itemsOf.get(count.id) ?? []) : [],
    };
  });
}
