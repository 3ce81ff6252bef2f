import type { Db } from '@db/client.ts';
import { findAdminDistrict, renameDistrict } from '@db/repositories/admin-locations.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminDistrict, RenameDistrictBody } from '@engine/admin-location-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import { withPlaceNameConflicts } from './place-name-conflicts.ts';

export function updateDistrict(
  db: Db,
  actor: Actor,
  id: number,
  body: RenameDistrictBody,
): Promise<AdminDistrict> {
  return withPlaceNameConflicts({ district: body.name }, () =>
    db.transaction(async (tx) => {
      const before = await findAdminDistrict(tx, id, { forUpdate: true });
      if (!before) throw AppError.notFound(notFoundMessage('district'));
      if (body.expectedName !== undefined && body.expectedName !== before.name) {
        throw AppError.conflict(
          `Someone else renamed this district to '${before.name}' after you opened it. Nothing was saved; close the form and open it again to rename it.`,
        );
      }
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
