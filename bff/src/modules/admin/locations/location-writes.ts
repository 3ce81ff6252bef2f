import type { CurrentUser } from '@bff/auth/current-user.ts';
import { conflict } from '@bff/modules/admin/admin-access.ts';
import type { Db } from '@db/client.ts';
import {
  DISTRICT_NAME_INDEXES,
  findAdminDistrict,
  findAdminLocation,
  insertDistrict,
  insertLocation,
  LOCATION_CODE_INDEXES,
  renameDistrict,
  updateLocation,
} from '@db/repositories/admin-locations.ts';
import { uniqueViolationOf } from '@db/repositories/admin-unique-violation.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type {
  AdminDistrict,
  AdminLocation,
  createLocationBodySchema,
  DistrictBody,
  updateLocationBodySchema,
} from '@engine/admin-location-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { z } from 'zod';

type CreateLocation = z.output<typeof createLocationBodySchema>;
type UpdateLocation = z.output<typeof updateLocationBodySchema>;

/** Runs a write; a repeated district name or location code becomes a 409 saying which. */
async function withNameConflicts<T>(
  names: { district?: string; code?: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index !== null && DISTRICT_NAME_INDEXES.includes(index)) {
      throw conflict(`A district named '${names.district}' already exists.`);
    }
    if (index !== null && LOCATION_CODE_INDEXES.includes(index)) {
      throw conflict(`A location with the code '${names.code}' already exists.`);
    }
    throw error;
  }
}

export function createDistrict(db: Db, actor: CurrentUser, body: DistrictBody): Promise<AdminDistrict> {
  return withNameConflicts({ district: body.name }, () =>
    db.transaction(async (tx) => {
      const district = await insertDistrict(tx, body.name);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'district.create',
        entity: 'district',
        entityId: String(district.id),
        locationId: null,
        after: district,
      });
      return district;
    }),
  );
}

export function updateDistrict(
  db: Db,
  actor: CurrentUser,
  id: number,
  body: DistrictBody,
): Promise<AdminDistrict> {
  return withNameConflicts({ district: body.name }, () =>
    db.transaction(async (tx) => {
      const before = await findAdminDistrict(tx, id, { forUpdate: true });
      if (!before) throw AppError.notFound(`No district with id ${id}.`);
      const after = await renameDistrict(tx, id, body.name);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'district.update',
        entity: 'district',
        entityId: String(id),
        locationId: null,
        before,
        after,
      });
      return after;
    }),
  );
}

async function requireDistrict(db: Db, id: number): Promise<void> {
  if (!(await findAdminDistrict(db, id))) throw AppError.validation(`Unknown district id: ${id}`);
}

export function createLocation(db: Db, actor: CurrentUser, body: CreateLocation): Promise<AdminLocation> {
  return withNameConflicts({ code: body.code }, () =>
    db.transaction(async (tx) => {
      await requireDistrict(tx, body.districtId);
      const location = await insertLocation(tx, body);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'location.create',
        entity: 'location',
        entityId: String(location.id),
        locationId: location.id,
        after: location,
      });
      return location;
    }),
  );
}

/** Locations are never deleted: their counts and orders are history. Closing one is `active: false`. */
export function updateLocationOf(
  db: Db,
  actor: CurrentUser,
  id: number,
  body: UpdateLocation,
): Promise<AdminLocation> {
  return withNameConflicts({ code: body.code }, () =>
    db.transaction(async (tx) => {
      const before = await findAdminLocation(tx, id, { forUpdate: true });
      if (!before) throw AppError.notFound(`No location with id ${id}.`);
      if (body.districtId !== undefined) await requireDistrict(tx, body.districtId);
      const after = await updateLocation(tx, id, body);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'location.update',
        entity: 'location',
        entityId: String(id),
        locationId: id,
        before,
        after,
      });
      return after;
    }),
  );
}
