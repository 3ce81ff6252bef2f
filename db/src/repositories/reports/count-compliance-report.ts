import type { Db } from '@db/client.ts';
import { showsComplianceWeek } from '@engine/reports/closed-cafes.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import { dueInWeek } from '@engine/reports/report-measures.ts';
import { closedSpellsSql, parseClosedSpells } from '../spells-sql.ts';
import type { ReportRange } from './report-range.ts';
import { COMPLETED_COUNTS } from './report-sql.ts';

interface ComplianceSqlRow {
  weekStart: string;
  locationCode: string;
  locationName: string;
  today: string;
  openedOn: string;
  closedSpells: string;
  active: boolean;
  countsCompleted: number;
  nightlyDone: number;
}

/**
 * Count compliance, one row per café and week touching the range (weeks with nothing done included; a closed
 * café's up to the week it closed, or only where something was done when no closing day was kept, decisions 103
 * and 114; none wholly before the café's first day, the day of its `created_at` on its own clock, decision 106,
 * nor wholly in a spell it was closed, decision 117): completed counts in the whole week, as a week's full count is
 * judged over its whole week where the range cuts it, and completed nightly counts on days of the range. What was
 * due and which weeks show are engine rules on each row (decision 032).
 */
export async function countComplianceReport(
  db: Db,
  range: ReportRange,
): Promise<ReportRow<'count-compliance'>[]> {
  const rows = await db.query<ComplianceSqlRow>(
    `WITH cafes AS (
       SELECT l.id, l.code, l.name, l.timezone, l.active, ($4::timestamptz AT TIME ZONE l.timezone)::date AS today,
              (l.created_at AT TIME ZONE l.timezone)::date AS opened_on,
              ${closedSpellsSql('l')} AS closed_spells
         FROM locations l WHERE l.id = ANY($1::int[])
     ),
     weeks AS (
       SELECT c.*, w::date AS week
         FROM cafes c, generate_series(date_trunc('week', $2::date), $3::date, interval '7 days') AS w
     ),
     completed AS (
       SELECT date_trunc('week', (x.completed_at AT TIME ZONE l.timezone)::date)::date AS week,
              x.location_id, count(*)::int AS n
         FROM (${COMPLETED_COUNTS}) x JOIN locations l ON l.id = x.location_id
        WHERE x.completed_at >= date_trunc('week', $2::date) - interval '1 day'
          AND x.completed_at < date_trunc('week', $3::date) + interval '8 days'
          AND (x.completed_at AT TIME ZONE l.timezone)::date
              BETWEEN date_trunc('week', $2::date)::date AND date_trunc('week', $3::date)::date + 6
        GROUP BY 1, 2
     ),
     nightly AS (
       SELECT date_trunc('week', n.business_date)::date AS week, n.location_id, count(*)::int AS n
         FROM nightly_counts n
        WHERE n.location_id = ANY($1::int[]) AND n.completed_at IS NOT NULL
          AND n.business_date BETWEEN $2::date AND $3::date
        GROUP BY 1, 2
     )
     SELECT to_char(w.week, 'YYYY-MM-DD') AS "weekStart", w.code AS "locationCode", w.name AS "locationName",
            to_char(w.today, 'YYYY-MM-DD') AS today, to_char(w.opened_on, 'YYYY-MM-DD') AS "openedOn",
            w.closed_spells AS "closedSpells", w.active,
            COALESCE(c.n, 0) AS "countsCompleted", COALESCE(n.n, 0) AS "nightlyDone"
       FROM weeks w
       LEFT JOIN completed c ON c.location_id = w.id AND c.week = w.week
       LEFT JOIN nightly n ON n.location_id = w.id AND n.week = w.week
      ORDER BY w.week, w.code`,
    [range.locationIds, range.from, range.to, range.now ?? new Date()],
  );
  return rows
    .map((row) => ({ ...row, closedSpells: parseClosedSpells(row.closedSpells) }))
    .filter((row) => showsComplianceWeek(row, row, range))
    .map(({ today, openedOn, closedSpells, ...row }) => {
      const due = dueInWeek({
        weekStart: row.weekStart,
        from: range.from,
        to: range.to,
        today,
        openedOn,
        closedSpells,
      });
      return {
        weekStart: row.weekStart,
        locationCode: row.locationCode,
        locationName: row.locationName,
        countsCompleted: row.countsCompleted,
        countsDue: due.countsDue,
        nightlyDone: row.nightlyDone,
        nightlyDue: due.nightlyDue,
        daysClosed: due.daysClosed,
      };
    });
}
