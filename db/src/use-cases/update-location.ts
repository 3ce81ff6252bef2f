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

/**
 * A café's time zone corrected (a West-coast café set up on New York's clock): its nightly count still open under
 * the old clock's date may lie after the new clock's today — "not begun yet", refused, and found again the next
 * evening already holding last night's numbers. It moves to today; when today has an open count already, its
 * numbers join that one, the later typed of two for one product winning. A completed count is history and stays
 * on its day, and so does one that would join a count already completed. Returns the move, for the audit row.
 */
async function moveOpenNightlyCountToToday(
  tx: Db,
  locationId: number,
): Promise<{ id: number; from: string; to: string; joined: number | null } | null> {
  const [ahead] = await tx.query<{ id: number; from: string; to: string }>(
    `SELECT nc.id, to_char(nc.business_date, 'YYYY-MM-DD') AS "from",
            to_char((now() AT TIME ZONE l.timezone)::date, 'YYYY-MM-DD') AS "to"
       FROM nightly_counts nc JOIN locations l ON l.id = nc.location_id
      WHERE nc.location_id = $1 AND nc.completed_at IS NULL
        AND nc.business_date > (now() AT TIME ZONE l.timezone)::date
      ORDER BY nc.business_date LIMIT 1 FOR UPDATE OF nc`,
    [locationId],
  );
  if (!ahead) return null;
  const [today] = await tx.query<{ id: number; completed: boolean }>(
    `SELECT id, completed_at IS NOT NULL AS completed FROM nightly_counts
      WHERE location_id = $1 AND business_date = $2::date FOR UPDATE`,
    [locationId, ahead.to],
  );
  if (!today) {
    await tx.query('UPDATE nightly_counts SET business_date = $2::date WHERE id = $1', [ahead.id, ahead.to]);
    return { ...ahead, joined: null };
  }
  if (today.completed) return null;
  await tx.query(
    `INSERT INTO nightly_count_items
            (nightly_count_id, product_id, count, confirmed, square_quantity, updated_at, updated_by, typed_at)
     SELECT $2, product_id, count, confirmed, square_quantity, updated_at, updated_by, typed_at
       FROM nightly_count_items WHERE nightly_count_id = $1
     ON CONFLICT (nightly_count_id, product_id) DO UPDATE
        SET count = EXCLUDED.count, confirmed = EXCLUDED.confirmed, square_quantity = EXCLUDED.square_quantity,
            updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by, typed_at = EXCLUDED.typed_at
      WHERE COALESCE(EXCLUDED.typed_at, EXCLUDED.updated_at)
          > COALESCE(nightly_count_items.typed_at, nightly_count_items.updated_at)`,
    [ahead.id, today.id],
  );
  await tx.query('DELETE FROM nightly_counts WHERE id = $1', [ahead.id]);
  return { ...ahead, joined: today.id };
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
      const moved = after.timezone !== before.timezone ? await moveOpenNightlyCountToToday(tx, id) : null;
      if (moved) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'nightly.moved_to_today',
          entity: 'nightly_count',
          entityId: String(moved.id),
          locationId: id,
          before: { businessDate: moved.from, timezone: before.timezone },
          after: {
            businessDate: moved.to,
            timezone: after.timezone,
            ...(moved.joined === null ? {} : { joinedNightlyCount: moved.joined }),
          },
        });
      }
      return after;
    }),
  );
}
