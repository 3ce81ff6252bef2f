import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { findAdminUser, createUser as insertUser } from '@db/repositories/user-admin.ts';
import type { Actor } from '@engine/actor.ts';
import { generateOneTimePassword } from '@engine/admin-one-time-password.ts';
import type { inviteUserBodySchema, UserWithOneTimePassword } from '@engine/user-admin-schemas.ts';
import type { z } from 'zod';
import { assertMayTouchAdmins } from './admin-rules.ts';
import type { CommandLine } from './command-line.ts';
import { asAppError } from './user-admin-rules.ts';

export type NewAccount = z.output<typeof inviteUserBodySchema>;

/**
 * Creates an account with a one-time password, which this answer carries and no other ever will; the user
 * must change it at first sign-in. Used by the admin screen's invitation and by `parstock users add`, so
 * both leave the same `user.invite` audit row (the command line's without an actor).
 */
export async function createUser(
  db: Db,
  actor: Actor | CommandLine,
  account: NewAccount,
): Promise<UserWithOneTimePassword> {
  const byCommandLine = 'kind' in actor;
  if (!byCommandLine) assertMayTouchAdmins(actor, [account.role]);
  const oneTimePassword = generateOneTimePassword();
  try {
    return await db.transaction(async (tx) => {
      const created = await insertUser(
        tx,
        { ...account, password: oneTimePassword },
        { mustChangePassword: true },
      );
      const user = await findAdminUser(tx, created.id);
      if (!user) throw new Error('A new user cannot be read back');
      await recordAudit(tx, {
        actorId: byCommandLine ? null : actor.id,
        action: 'user.invite',
        entity: 'user',
        entityId: String(user.id),
        locationId: null,
        after: byCommandLine ? { ...user, via: 'cli' } : user,
      });
      return { user, oneTimePassword };
    });
  } catch (error) {
    throw asAppError(error);
  }
}
