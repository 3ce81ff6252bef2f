import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { updateUserAccount } from '@db/repositories/user-admin.ts';
import type { Actor } from '@engine/actor.ts';
import { refuseChangedMeanwhile } from '@engine/changed-meanwhile.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { AdminUser, updateUserBodySchema } from '@engine/user-admin-schemas.ts';
import type { z } from 'zod';
import { assertMayTouchAdmins } from './admin-rules.ts';
import {
  asAppError,
  lockActorAndTarget,
  requireAdminUser,
  SELF_DEACTIVATION_MESSAGE,
  SELF_ROLE_CHANGE_MESSAGE,
} from './user-admin-rules.ts';

export type UserChange = z.output<typeof updateUserBodySchema>;

/**
 * Edits names, role, places or active. An administrator cannot lock themselves out: deactivating or
 * re-roling their own account is refused, which also keeps at least one active administrator.
 */
export async function updateUser(db: Db, actor: Actor, id: number, body: UserChange): Promise<AdminUser> {
  const { expectedUpdatedAt, ...change } = body;
  try {
    return await db.transaction(async (tx) => {
      const current = await lockActorAndTarget(tx, actor, id);
      const before = await requireAdminUser(tx, id);
      refuseChangedMeanwhile('person', before.updatedAt, expectedUpdatedAt);
      if (id === actor.id && change.active === false) throw AppError.conflict(SELF_DEACTIVATION_MESSAGE);
      if (id === actor.id && change.role !== undefined && change.role !== before.role) {
        throw AppError.conflict(SELF_ROLE_CHANGE_MESSAGE);
      }
      assertMayTouchAdmins(current, [before.role, change.role]);
      await updateUserAccount(tx, id, change);
      const after = await requireAdminUser(tx, id);
      await recordAudit(tx, {
        actorId: actor.id,
        action: before.active && !after.active ? 'user.deactivate' : 'user.update',
        entity: 'user',
        entityId: String(id),
        locationId: null,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    throw asAppError(error);
  }
}
