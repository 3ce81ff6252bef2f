import type { Db } from '@db/client.ts';
import { findAdminLocation, updateLocation as writeLocation } from '@db/repositories/admin-locations.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminLocation, updateLocationBodySchema } from '@engine/admin-location-schemas.ts';
import { refuseChangedMeanwhile } from '@engine/changed-meanwhile.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import type { z } from 'zod';
import { requireDistrict } from './create-location.ts';
import { withPlaceNameConflicts } from './place-name-conflicts.ts';

export type LocationChange = z.output<typeof updateLocationBodySchema>;

/**
 * Orders at a café waiting on someone's decision. An inactive café leaves everyone's scope, so nobody could
 * approve, reject, place or cancel them after it closes: the café is closed only once they are settled.
 * A placed order may never be delivered to a closed café, so it does not hold the closing up.
 */
async function ordersAwaitingDecision(tx: Db, locationId: number): Promise<{ status: string; n: number }[]> {
  return tx.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM orders
      WHERE location_id = $1 AND status IN ('submitted', 'approved') GROUP BY status ORDER BY status DESC`,
    [locationId],
  );
}

function openOrdersMessage(name: string, open: readonly { status: string; n: number }[]): string {
  const parts = open.map(({ status, n }) =>
    status === 'submitted'
      ? `${n} ${n === 1 ? 'order' : 'orders'} waiting for approval`
      : `${n} approved ${n === 1 ? 'order' : 'orders'} not yet placed`,
  );
  return `${name} has ${parts.join(' and ')}. Approve, reject, place or cancel ${
    open.reduce((sum, { n }) => sum + n, 0) === 1 ? 'it' : 'them'
  } before making the café inactive: nobody can reach them once it is.`;
}

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
      refuseChangedMeanwhile('café', before.updatedAt, body.expectedUpdatedAt);
      if (body.districtId !== undefined) await requireDistrict(tx, body.districtId);
      if (before.active && body.active === false) {
        const open = await ordersAwaitingDecision(tx, id);
        if (open.length > 0) throw AppError.conflict(openOrdersMessage(before.name, open));
      }
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
