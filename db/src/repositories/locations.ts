import type { Db } from '@db/client.ts';
import type { CafeDays } from '@engine/cafe-open-days.ts';
import { ADMIN_ROLE } from '@engine/permissions.ts';
import { type ClosedCafeReach, closedCafeReach } from '@engine/reports/closed-cafes.ts';
import { localDay } from './reports/report-sql.ts';
import { closedSpellsSql, parseClosedSpells } from './spells-sql.ts';

export interface ScopedLocation {
  id: number;
  name: string;
  code: string;
  timezone: string;
}

/** Who is asking: the scope rule depends on the role and the user's assignments. */
export interface ScopeHolder {
  userId: number;
  role: string;
}

// Admins reach every location; district managers every location of their districts plus any assigned one;
// everyone else only assigned ones.
const REACH = `(
    $2 = 'admin'
    OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = $1 AND ul.location_id = l.id)
    OR ($2 = 'district_manager' AND EXISTS (
          SELECT 1 FROM user_districts ud WHERE ud.user_id = $1 AND ud.district_id = l.district_id))
  )`;

// Inactive locations are out of everyone's scope: the pickers, counting, ordering and approvals.
const IN_SCOPE = `l.active AND ${REACH}`;

// A report's scope (decision 103): the reach above, with a closed café kept as far as the role's reach for
// closed cafés goes ($3, engine's `closedCafeReach`): every one, those of the user's districts, or none.
const IN_REPORT_SCOPE = `${REACH} AND (
    l.active
    OR $3 = 'every'
    OR ($3 = 'districts' AND EXISTS (
          SELECT 1 FROM user_districts ud WHERE ud.user_id = $1 AND ud.district_id = l.district_id))
  )`;

export async function listLocationsInScope(db: Db, who: ScopeHolder): Promise<ScopedLocation[]> {
  return db.query<ScopedLocation>(
    `SELECT l.id, l.name, l.code, l.timezone FROM locations l WHERE ${IN_SCOPE} ORDER BY l.name, l.id`,
    [who.userId, who.role],
  );
}

export async function isLocationInScope(db: Db, who: ScopeHolder, locationId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM locations l WHERE l.id = $3 AND ${IN_SCOPE}`, [
    who.userId,
    who.role,
    locationId,
  ]);
  return rows.length > 0;
}

/** Whether the café is closed and would be the user's were it open: their refusal there says it is closed. */
export async function isClosedCafeInReach(db: Db, who: ScopeHolder, locationId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM locations l WHERE l.id = $3 AND NOT l.active AND ${REACH}`, [
    who.userId,
    who.role,
    locationId,
  ]);
  return rows.length > 0;
}

/** The parameters of IN_REPORT_SCOPE for `who` (null: an administrator's job on the command line). */
function reportScopeParams(who: ScopeHolder | null): [number, string, ClosedCafeReach] {
  const holder = who ?? { userId: 0, role: ADMIN_ROLE };
  return [holder.userId, holder.role, closedCafeReach(holder.role)];
}

/** Whether every one of these cafés is in the user's report scope, closed ones within their reach included. */
export async function areCafesInReportScope(
  db: Db,
  who: ScopeHolder,
  locationIds: readonly number[],
): Promise<boolean> {
  const wanted = new Set(locationIds);
  if (wanted.size === 0) return true;
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM locations l WHERE l.id = ANY($4::int[]) AND ${IN_REPORT_SCOPE}`,
    [...reportScopeParams(who), [...wanted]],
  );
  return row?.n === wanted.size;
}

/** Whether the user has at least one café of this district in their report scope, open or closed. */
export async function isDistrictInReportScope(
  db: Db,
  who: ScopeHolder,
  districtId: number,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM locations l WHERE l.district_id = $4 AND ${IN_REPORT_SCOPE} LIMIT 1`,
    [...reportScopeParams(who), districtId],
  );
  return rows.length > 0;
}

/** Whether any café, open or closed, is in the district: one with none has nothing to report for anyone. */
export async function districtHasCafes(db: Db, districtId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM locations WHERE district_id = $1 LIMIT 1', [districtId]);
  return rows.length > 0;
}

export interface ReportCafe {
  id: number;
  code: string;
  name: string;
  timezone: string;
  /** False for a closed café, whose history a report still reads (decision 103). */
  active: boolean;
  /** The day it closed on its own clock (decision 114); null while open, or when no day was kept. */
  closedOn: string | null;
  /** Its first day, on its own clock (decision 106). */
  openedOn: string;
}

const REPORT_CAFE_COLUMNS = `l.id, l.code, l.name, l.timezone, l.active,
  ${localDay('l.closed_at')} AS "closedOn", ${localDay('l.created_at')} AS "openedOn"`;

/**
 * The cafés a report covers, within the user's report scope: the named ones, the user's cafés of a district, or
 * all of the user's cafés. `who` null means an administrator's job on the command line (every café). Closed
 * cafés within the user's reach are included unless `closedCafes` is false (a report about the present).
 */
export async function listReportCafes(
  db: Db,
  who: ScopeHolder | null,
  filter: { locationIds?: readonly number[]; districtId?: number },
  options: { closedCafes: boolean } = { closedCafes: true },
): Promise<ReportCafe[]> {
  return db.query<ReportCafe>(
    `SELECT ${REPORT_CAFE_COLUMNS} FROM locations l
      WHERE ${IN_REPORT_SCOPE}
        AND ($4::int[] IS NULL OR l.id = ANY($4::int[]))
        AND ($5::int IS NULL OR l.district_id = $5)
        AND (l.active OR $6::boolean)
      ORDER BY l.code`,
    [
      ...reportScopeParams(who),
      filter.locationIds ? [...filter.locationIds] : null,
      filter.districtId ?? null,
      options.closedCafes,
    ],
  );
}

export interface ReportDistrict {
  id: number;
  name: string;
  locationIds: number[];
}

/**
 * The districts holding at least one café in the user's report scope, each with those cafés (by code), closed
 * ones within the user's reach included.
 */
export function listReportDistricts(db: Db, who: ScopeHolder): Promise<ReportDistrict[]> {
  return db.query<ReportDistrict>(
    `SELECT d.id, d.name, array_agg(l.id ORDER BY l.code) AS "locationIds"
       FROM locations l JOIN districts d ON d.id = l.district_id
      WHERE ${IN_REPORT_SCOPE}
      GROUP BY d.id, d.name
      ORDER BY d.name, d.id`,
    reportScopeParams(who),
  );
}

/** The closed cafés whose history the user's reports read (decision 103), by name. */
export function listClosedReportCafes(db: Db, who: ScopeHolder): Promise<ReportCafe[]> {
  return db.query<ReportCafe>(
    `SELECT ${REPORT_CAFE_COLUMNS} FROM locations l
      WHERE NOT l.active AND ${IN_REPORT_SCOPE}
      ORDER BY l.name, l.id`,
    reportScopeParams(who),
  );
}

/**
 * A café's time zone and the days it was open: its first day, the date of its creation on its own clock (decision
 * 106), and the spells it was closed (decision 117). The ops trackers hold it to nothing on the other days. Null
 * when no such café exists.
 */
export async function findLocationOpening(
  db: Db,
  locationId: number,
): Promise<({ timezone: string } & CafeDays) | null> {
  const [row] = await db.query<{ timezone: string; openedOn: string; closedSpells: string }>(
    `SELECT l.timezone, to_char((l.created_at AT TIME ZONE l.timezone)::date, 'YYYY-MM-DD') AS "openedOn",
            ${closedSpellsSql('l')} AS "closedSpells"
       FROM locations l WHERE l.id = $1`,
    [locationId],
  );
  return row ? { ...row, closedSpells: parseClosedSpells(row.closedSpells) } : null;
}

/** The IANA time zone a location's business dates are counted in, or null when there is no such location. */
export async function findLocationTimeZone(db: Db, locationId: number): Promise<string | null> {
  const [row] = await db.query<{ timezone: string }>('SELECT timezone FROM locations WHERE id = $1', [
    locationId,
  ]);
  return row?.timezone ?? null;
}
