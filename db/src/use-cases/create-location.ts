import type { Db } from '@db/client.ts';
import { findAdminDistrict, insertLocation } from '@db/repositories/admin-locations.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminLocation, createLocationBodySchema } from '@engine/admin-location-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { z } from 'zod';
import { withPlaceNameConflicts } from './place-name-conflicts.ts';

export type NewLocation = z.output<typeof createLocationBodySchema>;

export async function requireDistrict(db: Db, id: number): Promise<void> {
  if (!(await findAdminDistrict(db, id))) throw AppError.validation(`Unknown district id: ${id}`);
}

export function createLocation(db: Db, actor: Actor, body: NewLocation): Promise<AdminLocation> {
  return withPlaceNameConflicts({ code: body.code }, () =>
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
