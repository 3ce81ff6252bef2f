import type { Db } from '@db/client.ts';
import { hashPassword } from '@db/password.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { setOneTimePassword } from '@db/repositories/user-admin.ts';
import type { Actor } from '@engine/actor.ts';
import { generateOneTimePassword } from '@engine/admin-one-time-password.ts';
import type { UserWithOneTimePassword } from '@engine/user-admin-schemas.ts';
import { assertMayTouchAdmins } from './admin-rules.ts';
import { lockActorAndTarget, requireAdminUser } from './user-admin-rules.ts';

/** A new one-time password; every session of the user ends in the same transaction. */
export async function resetUserPassword(db: Db, actor: Actor, id: number): Promise<UserWithOneTimePassword> {
  const oneTimePassword = generateOneTimePassword();
  // Hashing is slow on purpose; it happens before the transaction so no row stays locked meanwhile.
  const passwordHash = await hashPassword(oneTimePassword);
  return db.transaction(async (tx) => {
    const current = await lockActorAndTarget(tx, actor, id);
    const before = await requireAdminUser(tx, id);
    assertMayTouchAdmins(current, [before.role]);
    await setOneTimePassword(tx, id, passwordHash);
    const user = await requireAdminUser(tx, id);
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
