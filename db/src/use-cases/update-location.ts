import type { Db } from '@db/client.ts';
import { findAdminLocation, updateLocation as writeLocation } from '@db/repositories/admin-locations.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminLocation, updateLocationBodySchema } from '@engine/admin-location-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import type { z } from 'zod';
import { requireDistrict } from './create-location.ts';
import { withPlaceNameConflicts } from './place-name-conflicts.ts';

export type LocationChange = z.output<typeof updateLocationBodySchema>;

/** Locations are never deleted: their counts and orders are history. Closing one is `active: false`. */
export function updateLocation(
  db: Db,
  actor: Actor,
  id: number,
  body: LocationChange,
): Promise<AdminLocation> {
  return withPlaceNameConflicts({ code: body.code }, () =>
    db.transaction(async (tx) => {
      const before = await findAdminLocation(tx, id, { forUpdate: true });
      if (!before) throw AppError.notFound(notFoundMessage('location'));
      if (body.districtId !== undefined) await requireDistrict(tx, body.districtId);
      const after = await writeLocation(tx, id, body);
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
