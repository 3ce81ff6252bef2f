import type { Db } from '@db/client.ts';

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

// Admins reach every active location; district managers every location of their districts plus any
// assigned one; everyone else only assigned ones. Inactive locations are out of everyone's scope.
const IN_SCOPE = `l.active AND (
    $2 = 'admin'
    OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = $1 AND ul.location_id = l.id)
    OR ($2 = 'district_manager' AND EXISTS (
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

/** Whether the user has at least one café of this district in scope. */
export async function isDistrictInScope(db: Db, who: ScopeHolder, districtId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM locations l WHERE l.district_id = $3 AND ${IN_SCOPE} LIMIT 1`, [
    who.userId,
    who.role,
    districtId,
  ]);
  return rows.length > 0;
}

export interface ReportCafe {
  id: number;
  code: string;
  name: string;
  timezone: string;
}

/**
 * The cafés a report covers, within the user's scope: the named ones, the user's cafés of a district, or all
 * of the user's cafés. `who` null means an administrator's job on the command line (every active café).
 */
export async function listReportCafes(
  db: Db,
  who: ScopeHolder | null,
  filter: { locationIds?: readonly number[]; districtId?: number },
): Promise<ReportCafe[]> {
  const holder = who ?? { userId: 0, role: 'admin' };
  return db.query<ReportCafe>(
    `SELECT l.id, l.code, l.name, l.timezone FROM locations l
      WHERE ${IN_SCOPE}
        AND ($3::int[] IS NULL OR l.id = ANY($3::int[]))
        AND ($4::int IS NULL OR l.district_id = $4)
      ORDER BY l.code`,
    [
      holder.userId,
      holder.role,
      filter.locationIds ? [...filter.locationIds] : null,
      filter.districtId ?? null,
    ],
  );
}

export interface ReportDistrict {
  id: number;
  name: string;
  locationIds: number[];
}

/** The districts holding at least one café in the user's scope, each with those cafés (by code). */
export function listReportDistricts(db: Db, who: ScopeHolder): Promise<ReportDistrict[]> {
  return db.query<ReportDistrict>(
    `SELECT d.id, d.name, array_agg(l.id ORDER BY l.code) AS "locationIds"
       FROM locations l JOIN districts d ON d.id = l.district_id
      WHERE ${IN_SCOPE}
      GROUP BY d.id, d.name
      ORDER BY d.name, d.id`,
    [who.userId, who.role],
  );
}

/** The IANA time zone a location's business dates are counted in, or null when there is no such location. */
export async function findLocationTimeZone(db: Db, locationId: number): Promise<string | null> {
  const [row] = await db.query<{ timezone: string }>('SELECT timezone FROM locations WHERE id = $1', [
    locationId,
  ]);
  return row?.timezone ?? null;
}
