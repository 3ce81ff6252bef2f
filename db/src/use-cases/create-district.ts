import type { Db } from '@db/client.ts';
import { insertDistrict } from '@db/repositories/admin-locations.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminDistrict, DistrictBody } from '@engine/admin-location-schemas.ts';
import { withPlaceNameConflicts } from './place-name-conflicts.ts';

export function createDistrict(db: Db, actor: Actor, body: DistrictBody): Promise<AdminDistrict> {
  return withPlaceNameConflicts({ district: body.name }, () =>
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
