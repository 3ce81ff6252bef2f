import type { CurrentUser } from '@bff/auth/current-user.ts';
import { assertMayTouchAdmins, conflict } from '@bff/modules/admin/admin-access.ts';
import type { Db } from '@db/client.ts';
import { hashPassword } from '@db/password.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  createUser,
  findAdminUser,
  lockUsers,
  setOneTimePassword,
  UserAdminError,
  updateUserAccount,
} from '@db/repositories/user-admin.ts';
import { generateOneTimePassword } from '@engine/admin-one-time-password.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { roleKeySchema } from '@engine/permissions.ts';
import type {
  AdminUser,
  inviteUserBodySchema,
  UserWithOneTimePassword,
  updateUserBodySchema,
} from '@engine/user-admin-schemas.ts';
import type { z } from 'zod';

type InviteUser = z.output<typeof inviteUserBodySchema>;
type UpdateUser = z.output<typeof updateUserBodySchema>;

export const SELF_DEACTIVATION_MESSAGE = 'You cannot deactivate your own account.';
export const SELF_ROLE_CHANGE_MESSAGE = 'You cannot change your own role.';

function asAppError(error: unknown): unknown {
  if (!(error instanceof UserAdminError)) return error;
  return error.code === 'duplicate_email' ? conflict(error.message) : AppError.validation(error.message);
}

const userNotFound = (id: number) => AppError.notFound(`No user with id ${id}.`);

/**
 * Locks the acting administrator's row and the target's, then checks the actor as they are now: when two
 * administrators deactivate each other at the same moment, the second finds itself deactivated and stops,
 * so one administrator always remains.
 */
async function lockActorAndTarget(tx: Db, actor: CurrentUser, targetId: number): Promise<CurrentUser> {
  const rows = await lockUsers(tx, [actor.id, targetId]);
  const me = rows.find((row) => row.id === actor.id);
  const role = roleKeySchema.safeParse(me?.role);
  if (!me?.active || !role.success) throw AppError.unauthorized();
  return { ...actor, role: role.data };
}

/** Creates the account with a one-time password, which this answer carries and no other ever will. */
export async function inviteUser(
  db: Db,
  actor: CurrentUser,
  invite: InviteUser,
): Promise<UserWithOneTimePassword> {
  assertMayTouchAdmins(actor, [invite.role]);
  const oneTimePassword = generateOneTimePassword();
  try {
    return await db.transaction(async (tx) => {
      const created = await createUser(
        tx,
        { ...invite, password: oneTimePassword },
        { mustChangePassword: true },
      );
      const user = await findAdminUser(tx, created.id);
      if (!user) throw new Error('An invited user cannot be read back');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.invite',
        entity: 'user',
        entityId: String(user.id),
        locationId: null,
        after: user,
      });
      return { user, oneTimePassword };
    });
  } catch (error) {
    throw asAppError(error);
  }
}

/**
 * Edits names, role, places or active. An administrator cannot lock themselves out: deactivating or
 * re-roling their own account is refused, which also keeps at least one active administrator.
 */
export async function updateUser(
  db: Db,
  actor: CurrentUser,
  id: number,
  change: UpdateUser,
): Promise<AdminUser> {
  try {
    return await db.transaction(async (tx) => {
      const current = await lockActorAndTarget(tx, actor, id);
      const before = await findAdminUser(tx, id);
      if (!before) throw userNotFound(id);
      if (id === actor.id && change.active === false) throw conflict(SELF_DEACTIVATION_MESSAGE);
      if (id === actor.id && change.role !== undefined && change.role !== before.role) {
        throw conflict(SELF_ROLE_CHANGE_MESSAGE);
      }
      assertMayTouchAdmins(current, [before.role, change.role]);
      await updateUserAccount(tx, id, change);
      const after = await findAdminUser(tx, id);
      if (!after) throw userNotFound(id);
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

/** A new one-time password; every session of the user ends in the same transaction. */
export async function resetPassword(
  db: Db,
  actor: CurrentUser,
  id: number,
): Promise<UserWithOneTimePassword> {
  const oneTimePassword = generateOneTimePassword();
  // Hashing is slow on purpose; it happens before the transaction so no row stays locked meanwhile.
  const passwordHash = await hashPassword(oneTimePassword);
  return db.transaction(async (tx) => {
    const current = await lockActorAndTarget(tx, actor, id);
    const before = await findAdminUser(tx, id);
    if (!before) throw userNotFound(id);
    assertMayTouchAdmins(current, [before.role]);
    await setOneTimePassword(tx, id, passwordHash);
    const user = await findAdminUser(tx, id);
    if (!user) throw userNotFound(id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.reset_password',
      entity: 'user',
      entityId: String(id),
      locationId: null,
      before: { mustChangePassword: before.mustChangePassword },
      after: { mustChangePassword: true, sessionsEnded: true },
    });
    return { user, oneTimePassword };
  });
}
