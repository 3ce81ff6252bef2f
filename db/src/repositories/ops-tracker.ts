import type { Db } from '@db/client.ts';
import { lastCountProducts, lastCountProductsSql } from './last-count-products-sql.ts';
import { goingAheadAtSql } from './order-going-ahead-sql.ts';
import { closedOnDaySql } from './spells-sql.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

/** One café's day as the District Ops Tracker reads it, before the engine's rules colour it. */
export interface OpsTrackerFacts {
  location: { id: number; name: string; code: string; timezone: string };
  district: { id: number; name: string };
  businessDate: string;
  asOf: string;
  dayOver: boolean;
  lastCountAt: string | null;
  /** How many products that count gave a number, of those the café lists to count now; null if never counted. */
  lastCountProducts: { counted: number; listed: number } | null;
  lastOrderAt: string | null;
  nightly: { startedAt: string | null; completedAt: string | null };
  /** The day's tasks (every role's): due time, done by the day's end, or done after it (late). */
  tasks: { dueTime: string; done: boolean; late: boolean }[];
  approvals: { waiting: number; oldestAt: string | null };
  parsNotSet: number;
}

interface RawRow {
  id: number;
  name: string;
  code: string;
  timezone: string;
  districtId: number;
  districtName: string;
  businessDate: string;
  asOf: unknown;
  dayOver: boolean;
  lastCountAt: unknown;
  lastCountItems: number | null;
  productsListed: number | string;
  lastOrderAt: unknown;
  nightlyStartedAt: unknown;
  nightlyCompletedAt: unknown;
  tasks: unknown;
  waiting: number | string;
  oldestAt: unknown;
  parsNotSet: number | string;
}

// One statement for the whole grid, each café's figures taken at its own `as_of`: now for today, the end
// of its business date (its next local midnight) for an earlier day. Scope is the same rule as everywhere
// (admins: every active café; district managers: their districts and assigned cafés). A café is on the grid of
// a day from its first day on, the date of its created_at on its own clock (decision 106): on an earlier day it
// did not exist, and has nothing to judge. Its own today is never before that day. Nor is it on the grid of a day
// inside a spell it was closed (decision 117); an open café's today is never in one.
// A due time that happens twice (the night clocks go back) is its first, as the engine's zonedInstant takes it: AT
// TIME ZONE takes the second, and an hour earlier plus an hour is the first (elsewhere the same).
const dueInstantSql = (dueTime: string) => `LEAST(
  (c.business_date + ${dueTime})::timestamp AT TIME ZONE c.timezone,
  ((c.business_date + ${dueTime})::timestamp - interval '1 hour') AT TIME ZONE c.timezone + interval '1 hour')`;

const GRID_SQL = `
WITH cafes AS (
  SELECT l.id, l.name, l.code, l.timezone, d.id AS district_id, d.name AS district_name,
         COALESCE($3::date, ($4::timestamptz AT TIME ZONE l.timezone)::date) AS business_date
    FROM locations l JOIN districts d ON d.id = l.district_id
   WHERE l.active
     AND ($3::date IS NULL OR ((l.created_at AT TIME ZONE l.timezone)::date <= $3::date
                               AND NOT ${closedOnDaySql('l', '$3::date')}))
     AND (
         $2 = 'admin'
         OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = $1 AND ul.location_id = l.id)
         OR ($2 = 'district_manager' AND EXISTS (
               SELECT 1 FROM user_districts ud WHERE ud.user_id = $1 AND ud.district_id = l.district_id)))
), days AS (
  SELECT c.*, ((c.business_date + 1)::timestamp AT TIME ZONE c.timezone) AS day_end
    FROM cafes c
), clocked AS (
  SELECT d.*, LEAST($4::timestamptz, d.day_end) AS as_of, d.day_end <= $4::timestamptz AS day_over
    FROM days d
)
SELECT c.id, c.name, c.code, c.timezone, c.district_id AS "districtId", c.district_name AS "districtName",
       to_char(c.business_date, 'YYYY-MM-DD') AS "businessDate", c.as_of AS "asOf", c.day_over AS "dayOver",
       lc.completed_at AS "lastCountAt", lc.items_counted AS "lastCountItems", lc.listed AS "productsListed",
       (SELECT max(o.created_at) FROM orders o
         WHERE o.location_id = c.id AND o.created_at < c.as_of
           AND ${goingAheadAtSql('o', 'c.as_of')}) AS "lastOrderAt",
       n.created_at AS "nightlyStartedAt",
       -- A nightly count belongs to its business date: one completed after the day ended is done, late (its time is
       -- after as_of), not missed. Only the live view's "not completed yet" stays, as nothing is completed after now.
       CASE WHEN n.completed_at <= $4::timestamptz THEN n.completed_at END AS "nightlyCompletedAt",
       t.tasks, a.waiting, a.oldest_at AS "oldestAt", p.pars_not_set AS "parsNotSet"
  FROM clocked c
  LEFT JOIN LATERAL (${lastCountProductsSql('c.id', 'c.as_of')}) lc ON true
  LEFT JOIN nightly_counts n
         ON n.location_id = c.id AND n.business_date = c.business_date AND n.created_at <= $4::timestamptz
  LEFT JOIN LATERAL (
    SELECT COALESCE(json_agg(json_build_object(
             'dueTime', to_char(COALESCE(s.due_time, tk.due_time), 'HH24:MI'),
             'done', COALESCE(tc.done AND NOT tc.late AND tc.completed_at <= c.as_of, false),
             'late', COALESCE(tc.done AND (tc.late OR tc.completed_at > c.as_of), false))), '[]') AS tasks
      FROM tasks tk
      -- The schedule the task had that day (scheduleOn, decision 118): of its schedules due that day, the latest in
      -- force at its own due time. Its schedule now is in force from the end of the last earlier one, or from its
      -- making. Most tasks were never edited: their one schedule is read from the row alone, without the sort that
      -- cost the 50-café grid 8 % of its time.
      CROSS JOIN LATERAL (
        SELECT ${dueInstantSql('tk.due_time')} AS at,
               (tk.cadence = 'daily' OR tk.weekday = extract(dow FROM c.business_date)) AS on_day
      ) now_due
      LEFT JOIN LATERAL (
        SELECT v.due_time, due.at
          FROM (SELECT tk.cadence, tk.weekday, tk.due_time, NULL::timestamptz AS valid_until,
                       (SELECT max((e ->> 'until')::timestamptz)
                          FROM jsonb_array_elements(tk.earlier_schedules) e) AS valid_from
                 UNION ALL
                SELECT e.cadence, e.weekday, e."dueTime"::time, e.until, e."from"
                  FROM jsonb_to_recordset(tk.earlier_schedules)
                       AS e(cadence text, weekday int, "dueTime" text, "from" timestamptz, until timestamptz)) v
          CROSS JOIN LATERAL (SELECT ${dueInstantSql('v.due_time')} AS at) due
         WHERE tk.earlier_schedules <> '[]'::jsonb
           AND (v.cadence = 'daily' OR v.weekday = extract(dow FROM c.business_date))
           AND v.valid_from <= due.at AND (v.valid_until IS NULL OR due.at < v.valid_until)
         ORDER BY v.valid_from DESC
         LIMIT 1
      ) edited ON true
      CROSS JOIN LATERAL (
        SELECT CASE WHEN tk.earlier_schedules <> '[]'::jsonb THEN edited.due_time
                    WHEN now_due.on_day AND tk.created_at <= now_due.at THEN tk.due_time
               END AS due_time,
               CASE WHEN tk.earlier_schedules <> '[]'::jsonb THEN edited.at
                    WHEN now_due.on_day AND tk.created_at <= now_due.at THEN now_due.at
               END AS at
      ) s
      LEFT JOIN task_completions tc
             ON tc.task_id = tk.id AND tc.location_id = c.id AND tc.business_date = c.business_date
     -- As the café's checklist (checklistFor): a task counts on a day it fell due by the schedule it had then while
     -- it was active; one ticked that day counts by that schedule, or by its own if due that day. One deactivated
     -- with no date kept counts only where it was ticked. Most tasks were never inactive, and an empty multirange
     -- is cheaper to see than to search (7 % of the 50-café grid's time).
     WHERE (s.at IS NOT NULL OR now_due.on_day)
       AND (tc.done OR (s.at IS NOT NULL
                        AND (isempty(tk.inactive_spells) OR NOT tk.inactive_spells @> s.at)
                        AND (tk.active OR tk.retired_at IS NOT NULL)))
  ) t ON true
  LEFT JOIN LATERAL (
    -- Waiting at as_of: submitted before it, and not decided before it (decided since, or not at all).
    SELECT count(*) AS waiting, min(o.created_at) AS oldest_at
      FROM orders o
     WHERE o.location_id = c.id AND o.created_at < c.as_of
       AND NOT EXISTS (SELECT 1 FROM order_events e
                        WHERE e.order_id = o.id AND e.to_status <> 'submitted' AND e.created_at < c.as_of)
       AND (o.status = 'submitted' OR EXISTS (SELECT 1 FROM order_events e
                        WHERE e.order_id = o.id AND e.to_status <> 'submitted' AND e.created_at >= c.as_of))
  ) a ON true
  LEFT JOIN LATERAL (
    -- Products the café carries (active or new) whose PAR is still 0. A product with no settings row there is
    -- carried with PAR 0, as every screen shows it (location-settings-sql.ts), so the count is every product
    -- still sold less those whose row says otherwise: one pass over the café's rows, not the catalogue.
    SELECT (SELECT count(*) FROM products pr WHERE pr.retired_at IS NULL) - count(*) AS pars_not_set
      FROM location_products lp JOIN products pr ON pr.id = lp.product_id
     WHERE lp.location_id = c.id AND pr.retired_at IS NULL
       AND (lp.lifecycle NOT IN ('active', 'new') OR lp.par <> 0)
  ) p ON true
 ORDER BY c.district_name, c.district_id, c.name, c.id`;

const parseTasks = (value: unknown): OpsTrackerFacts['tasks'] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as OpsTrackerFacts['tasks'];

/**
 * Every café in the user's scope with the facts of its business date (`date`, or its own today); for a `date`
 * before a café's first day, that café is left out.
 */
export async function readOpsTrackerFacts(
  db: Db,
  input: { userId: number; role: string; date: string | null; now: Date },
): Promise<OpsTrackerFacts[]> {
  const rows = await db.query<RawRow>(GRID_SQL, [
    input.userId,
    input.role,
    input.date,
    input.now.toISOString(),
  ]);
  return rows.map((row) => ({
    location: { id: row.id, name: row.name, code: row.code, timezone: row.timezone },
    district: { id: row.districtId, name: row.districtName },
    businessDate: row.businessDate,
    asOf: toIsoString(row.asOf),
    dayOver: row.dayOver,
    lastCountAt: toIsoStringOrNull(row.lastCountAt),
    lastCountProducts: lastCountProducts(row.lastCountItems, row.productsListed),
    lastOrderAt: toIsoStringOrNull(row.lastOrderAt),
    nightly: {
      startedAt: toIsoStringOrNull(row.nightlyStartedAt),
      completedAt: toIsoStringOrNull(row.nightlyCompletedAt),
    },
    tasks: parseTasks(row.tasks),
    approvals: { waiting: Number(row.waiting), oldestAt: toIsoStringOrNull(row.oldestAt) },
    parsNotSet: Number(row.parsNotSet),
  }));
}
