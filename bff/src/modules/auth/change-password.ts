import type { CurrentUser } from '@bff/auth/current-user.ts';
import { hashSessionId, newSessionId } from '@bff/auth/session-cookie.ts';
import type { Db } from '@db/client.ts';
import { hashPassword, verifyPassword } from '@db/password.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { recordLoginAttempt } from '@db/repositories/login-attempts.ts';
import { createSession, deleteSession } from '@db/repositories/sessions.ts';
import { endUserSessions } from '@db/repositories/user-admin.ts';
import { findPasswordHash, replaceOwnPassword } from '@db/repositories/users.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { ChangePasswordBody } from '@engine/password-change-schemas.ts';
import { assertPasswordAttemptsLeft } from './sign-in.ts';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';
export const PASSWORD_CHANGED_ELSEWHERE_MESSAGE =
  'Your password was changed somewhere else a moment ago. Sign in again with the newest password.';

export interface ChangePasswordRequest extends ChangePasswordBody {
  user: CurrentUser;
  ip: string | null;
  userAgent: string | null;
  absoluteSeconds: number;
}

/**
 * Replaces the signed-in user's password after checking the current one. A wrong current password counts
 * as a failed sign-in for the rate limit, so a borrowed session cannot be used to guess it. On success
 * every session of the user ends, this one included, and a new session takes its place: a device that
 * knew the old password, or a copied cookie, is signed out. Returns the new session id for the cookie.
 */
export async function changePassword(db: Db, request: ChangePasswordRequest): Promise<{ sessionId: string }> {
  const { user, ip } = request;
  await assertPasswordAttemptsLeft(db, user.email, ip);
  const currentHash = await findPasswordHash(db, user.id);
  // Deactivated since the session was read: as signed out as the next request will find them.
  if (currentHash === null) throw AppError.unauthorized();
  if (!(await verifyPassword(request.currentPassword, currentHash))) {
    await recordLoginAttempt(db, { email: user.email, ip, succeeded: false });
    throw AppError.validation(WRONG_CURRENT_PASSWORD_MESSAGE, [
      { path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE },
    ]);
  }

  // Hashing is slow on purpose; it happens before the transaction so no row stays locked meanwhile.
  const newHash = await hashPassword(request.newPassword);
  const sessionId = newSessionId();
  await db.transaction(async (tx) => {
    if (!(await replaceOwnPassword(tx, user.id, currentHash, newHash))) {
      throw new AppError('conflict', PASSWORD_CHANGED_ELSEWHERE_MESSAGE);
    }
    await deleteSession(tx, user.sessionIdHash);
    const otherSessionsEnded = await endUserSessions(tx, user.id);
    await createSession(tx, {
      idHash: hashSessionId(sessionId),
      userId: user.id,
      absoluteSeconds: request.absoluteSeconds,
      userAgent: request.userAgent?.slice(0, 512) ?? null,
      ip,
    });
    // The right current password is as good as a sign-in: earlier failures stop counting against the email.
    await recordLoginAttempt(tx, { email: user.email, ip, succeeded: true });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.change_password',
      entity: 'user',
      entityId: String(user.id),
      locationId: null,
      before: { mustChangePassword: user.mustChangePassword },
      after: { mustChangePassword: false, otherSessionsEnded },
    });
  });
  return { sessionId };
}
