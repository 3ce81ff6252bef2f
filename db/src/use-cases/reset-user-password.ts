import type { Db } from '@db/client.ts';
import { hashPassword } from '@db/password.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { lockUsers, setOneTimePassword } from '@db/repositories/user-admin.ts';
import type { Actor } from '@engine/actor.ts';
import { generateOneTimePassword } from '@engine/admin-one-time-password.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { UserWithOneTimePassword } from '@engine/user-admin-schemas.ts';
import { assertMayTouchAdmins } from './admin-rules.ts';
import type { CommandLine } from './command-line.ts';
import { lockActorAndTarget, requireAdminUser, SELF_PASSWORD_RESET_MESSAGE } from './user-admin-rules.ts';

/**
 * A new one-time password; every session of the user ends in the same transaction. Used by the admin screen
 * and by `parstock users reset-password`, so both leave the same `user.reset_password` audit row (the command
 * line's without an actor).
 */
export async function resetUserPassword(
  db: Db,
  actor: Actor | CommandLine,
  id: number,
): Promise<UserWithOneTimePassword> {
  const byCommandLine = 'kind' in actor;
  // The command line may reset anyone's: it is how an operator lets a locked-out administrator back in.
  if (!byCommandLine && id === actor.id) throw AppError.conflict(SELF_PASSWORD_RESET_MESSAGE);
  const oneTimePassword = generateOneTimePassword();
  // Hashing is slow on purpose; it happens before the transaction so no row stays locked meanwhile.
  const passwordHash = await hashPassword(oneTimePassword);
  return db.transaction(async (tx) => {
    if (byCommandLine) {
      await lockUsers(tx, [id]);
    } else {
      const current = await lockActorAndTarget(tx, actor, id);
      assertMayTouchAdmins(current, [(await requireAdminUser(tx, id)).role]);
    }
    const before = await requireAdminUser(tx, id);
    await setOneTimePassword(tx, id, passwordHash);
    const user = await requireAdminUser(tx, id);
    await recordAudit(tx, {
      actorId: byCommandLine ? null : actor.id,
      action: 'user.reset_password',
      entity: 'user',
      entityId: String(id),
      locationId: null,
      before: { mustChangePassword: before.mustChangePassword },
      after: byCommandLine
        ? { mustChangePassword: true, sessionsEnded: true, via: 'cli' }
        : { mustChangePassword: true, sessionsEnded: true },
    });
    return { user, oneTimePassword };
  });
}
