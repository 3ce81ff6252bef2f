import type { Db } from '@db/client.ts';
import type { AdminDistrict, AdminLocation } from '@engine/admin-location-schemas.ts';
import { localDay } from './reports/report-sql.ts';
import { closedSpellsSql, parseClosedSpells } from './spells-sql.ts';
import { toIsoString } from './timestamps.ts';

/** Unique indexes of districts and locations, for telling which name a conflicting write repeated. */
export const DISTRICT_NAME_INDEXES: readonly string[] = ['districts_name_key', 'districts_name_lower_key'];
export const LOCATION_CODE_INDEXES: readonly string[] = ['locations_code_key', 'locations_code_lower_key'];

const DISTRICT_COLUMNS = `d.id, d.name,
  (SELECT count(*)::int FROM locations l WHERE l.district_id = d.id) AS "locationCount"`;

export async function listAdminDistricts(db: Db): Promise<AdminDistrict[]> {
  return db.query<AdminDistrict>(`SELECT ${DISTRICT_COLUMNS} FROM districts d ORDER BY d.name, d.id`);
}

export async function findAdminDistrict(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<AdminDistrict | null> {
  const [row] = await db.query<AdminDistrict>(
    `SELECT ${DISTRICT_COLUMNS} FROM districts d WHERE d.id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

export async function insertDistrict(db: Db, name: string): Promise<AdminDistrict> {
  const [created] = await db.query<{ id: number }>('INSERT INTO districts (name) VALUES ($1) RETURNING id', [
    name,
  ]);
  const district = created ? await findAdminDistrict(db, created.id) : null;
  if (!district) throw new Error('A district inserted a moment ago cannot be read back');
  return district;
}

export async function renameDistrict(db: Db, id: number, name: string): Promise<AdminDistrict> {
  await db.query('UPDATE districts SET name = $2 WHERE id = $1', [id, name]);
  const district = await findAdminDistrict(db, id);
  if (!district) throw new Error(`District ${id} vanished inside its own transaction`);
  return district;
}

const LOCATION_COLUMNS = `l.id, l.name, l.code, l.district_id AS "districtId", d.name AS "districtName",
  l.timezone, l.square_location_id AS "squareLocationId", l.active,
  ${localDay('l.closed_at')} AS "closedOn", ${closedSpellsSql('l')} AS "closedSpells", l.updated_at AS "updatedAt"`;

type LocationRow = Omit<AdminLocation, 'closedSpells' | 'updatedAt'> & {
  closedSpells: string;
  updatedAt: unknown;
};

const toAdminLocation = (row: LocationRow): AdminLocation => ({
  ...row,
  closedSpells: parseClosedSpells(row.closedSpells),
  updatedAt: toIsoString(row.updatedAt),
});

/** Every location, closed ones included, by name. */
export async function listAdminLocations(db: Db): Promise<AdminLocation[]> {
  const rows = await db.query<LocationRow>(
    `SELECT ${LOCATION_COLUMNS} FROM locations l JOIN districts d ON d.id = l.district_id ORDER BY l.name, l.id`,
  );
  return rows.map(toAdminLocation);
}

export async function findAdminLocation(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<AdminLocation | null> {
  const [row] = await db.query<LocationRow>(
    `SELECT ${LOCATION_COLUMNS} FROM locations l JOIN districts d ON d.id = l.district_id
      WHERE l.id = $1${options.forUpdate ? ' FOR UPDATE OF l' : ''}`,
    [id],
  );
  return row ? toAdminLocation(row) : null;
}

export interface LocationFields {
  name: string;
  code: string;
  districtId: number;
  timezone: string;
  active: boolean;
}

export async function insertLocation(db: Db, fields: LocationFields): Promise<AdminLocation> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO locations (name, code, district_id, timezone, active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [fields.name, fields.code, fields.districtId, fields.timezone, fields.active],
  );
  const location = created ? await findAdminLocation(db, created.id) : null;
  if (!location) throw new Error('A location inserted a moment ago cannot be read back');
  return location;
}

/** Changes the given fields; a location is never deleted (its counts and orders keep pointing at it). */
export async function updateLocation(
  db: Db,
  id: number,
  change: Partial<LocationFields>,
): Promise<AdminLocation> {
  await db.query(
    `UPDATE locations
        SET name = COALESCE($2, name),
            code = COALESCE($3, code),
            district_id = COALESCE($4::int, district_id),
            timezone = COALESCE($5, timezone),
            active = COALESCE($6::boolean, active),
            -- A save that changes nothing leaves the stamp, as it leaves the audit log (decision 120).
            updated_at = CASE
              WHEN (COALESCE($2, name), COALESCE($3, code), COALESCE($4::int, district_id), COALESCE($5, timezone),
                    COALESCE($6::boolean, active)) IS DISTINCT FROM (name, code, district_id, timezone, active)
              THEN now() ELSE updated_at END
      WHERE id = $1`,
    [
      id,
      change.name ?? null,
      change.code ?? null,
      change.districtId ?? null,
      change.timezone ?? null,
      change.active ?? null,
    ],
  );
  const location = await findAdminLocation(db, id);
  if (!location) throw new Error(`Location ${id} vanished inside its own transaction`);
  return location;
}
