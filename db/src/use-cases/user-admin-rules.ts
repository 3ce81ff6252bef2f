import type { Db } from '@db/client.ts';
import { findAdminUser, lockUsers, UserAdminError } from '@db/repositories/user-admin.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import { roleKeySchema } from '@engine/permissions.ts';
import type { AdminUser } from '@engine/user-admin-schemas.ts';

export const SELF_DEACTIVATION_MESSAGE = 'You cannot deactivate your own account.';
export const SELF_ROLE_CHANGE_MESSAGE = 'You cannot change your own role.';
/*
 * A reset needs no current password, so on one's own account it would let whoever holds an open session take the
 * account over (a change of password asks for the current one), and it ends the session it was sent from.
 */
export const SELF_PASSWORD_RESET_MESSAGE =
  'You cannot reset your own password. Use Change password in your account menu: it asks for your current one.';

/** The repository's refusals as the API answers them: a taken email is a 409, the rest are 400s. */
export function asAppError(error: unknown): unknown {
  if (!(error instanceof UserAdminError)) return error;
  return error.code === 'duplicate_email'
    ? AppError.conflict(error.message)
    : AppError.validation(error.message);
}

export async function requireAdminUser(tx: Db, id: number): Promise<AdminUser> {
  const user = await findAdminUser(tx, id);
  if (!user) throw AppError.notFound(notFoundMessage('user'));
  return user;
}

/**
 * Locks the acting administrator's row and the target's, then checks the actor as they are now: when two
 * administrators deactivate each other at the same moment, the second finds itself deactivated and stops,
 * so one administrator always remains.
 */
export async function lockActorAndTarget(tx: Db, actor: Actor, targetId: number): Promise<Actor> {
  const rows = await lockUsers(tx, [actor.id, targetId]);
  const me = rows.find((row) => row.id === actor.id);
  const role = roleKeySchema.safeParse(me?.role);
  if (!me?.active || !role.success) throw AppError.unauthorized();
  return { ...actor, role: role.data };
}
