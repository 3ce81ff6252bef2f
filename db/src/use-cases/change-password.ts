import type { Db } from '@db/client.ts';
import { hashPassword, verifyPassword } from '@db/password.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { recordLoginAttempt } from '@db/repositories/login-attempts.ts';
import { createSession, deleteSession } from '@db/repositories/sessions.ts';
import { recordThrottledSuccess } from '@db/repositories/sign-in-throttles.ts';
import { endUserSessions } from '@db/repositories/user-admin.ts';
import { findPasswordHash, replaceOwnPassword } from '@db/repositories/users.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { ChangePasswordBody } from '@engine/password-change-schemas.ts';
import { type NewSession, reservePasswordAttempt } from './sign-in.ts';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';
export const PASSWORD_CHANGED_ELSEWHERE_MESSAGE =
  'Your password was changed somewhere else a moment ago. Sign in again with the newest password.';

/** The signed-in person changing their own password, and the session they do it from. */
export interface PasswordOwner extends Actor {
  email: string;
  mustChangePassword: boolean;
  /** Hash of the session the change is made from; it ends with the others. */
  sessionIdHash: string;
}

/**
 * Replaces the signed-in user's password after checking the current one. A wrong current password counts
 * as a failed sign-in for the attempt limits, so a borrowed session cannot be used to guess it. On success
 * every session of the user ends, this one included, and `session` takes its place: a device that knew
 * the old password, or a copied cookie, is signed out.
 */
export async function changePassword(
  db: Db,
  actor: PasswordOwner,
  change: ChangePasswordBody,
  session: NewSession,
  /** The time the attempt limits are judged at; the database's clock when null. */
  limitsAt: Date | null = null,
): Promise<void> {
  const { ip } = session;
  const at = await reservePasswordAttempt(db, { email: actor.email, ip }, limitsAt);
  const currentHash = await findPasswordHash(db, actor.id);
  // Deactivated since the session was read: as signed out as the next request will find them.
  if (currentHash === null) throw AppError.unauthorized();
  if (!(await verifyPassword(change.currentPassword, currentHash))) {
    await recordLoginAttempt(db, { email: actor.email, ip, succeeded: false });
    throw AppError.validation(WRONG_CURRENT_PASSWORD_MESSAGE, [
      { path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE },
    ]);
  }

  // Hashing is slow on purpose; it happens before the transaction so no row stays locked meanwhile.
  const newHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    if (!(await replaceOwnPassword(tx, actor.id, currentHash, newHash))) {
      throw new AppError('conflict', PASSWORD_CHANGED_ELSEWHERE_MESSAGE);
    }
    await deleteSession(tx, actor.sessionIdHash);
    const otherSessionsEnded = await endUserSessions(tx, actor.id);
    await createSession(tx, {
      idHash: session.idHash,
      userId: actor.id,
      absoluteSeconds: session.absoluteSeconds,
      userAgent: session.userAgent?.slice(0, 512) ?? null,
      ip,
    });
    // The right current password is as good as a sign-in: earlier failures stop counting against the email.
    await recordLoginAttempt(tx, { email: actor.email, ip, succeeded: true });
    await recordThrottledSuccess(tx, { email: actor.email, ip }, at);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.change_password',
      entity: 'user',
      entityId: String(actor.id),
      locationId: null,
      before: { mustChangePassword: actor.mustChangePassword },
      after: { mustChangePassword: false, otherSessionsEnded },
    });
  });
}
