import { hashSessionId, isWellFormedSessionId, newSessionId } from '@bff/auth/session-cookie.ts';
import type { Db } from '@db/client.ts';
import { hashPassword, verifyPassword } from '@db/password.ts';
import {
  emailLockoutSeconds,
  ipLockoutSeconds,
  recordLoginAttempt,
} from '@db/repositories/login-attempts.ts';
import { createSession, deleteSession } from '@db/repositories/sessions.ts';
import { findUserForSignIn, recordSignIn } from '@db/repositories/users.ts';
import type { LoginBody } from '@engine/api-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';

/** Failed sign-ins allowed per email, and per client address across emails, inside one window. */
export const LOGIN_LIMITS = { perEmail: 5, perIp: 30, windowSeconds: 15 * 60 } as const;

export const WRONG_CREDENTIALS_MESSAGE = 'Email or password is incorrect.';

// Verifying against a throwaway hash when the email is unknown makes both failures take as long,
// so response time does not tell which emails have accounts.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('parstock decoy password that matches nothing');
  return decoyHash;
}

function tooManyAttempts(seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'rate_limited',
    `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { details: { retryAfterSeconds: seconds }, headers: { 'retry-after': String(seconds) } },
  );
}

export interface SignInRequest extends LoginBody {
  ip: string | null;
  userAgent: string | null;
  /** The session id the browser still holds, ended here so a sign-in always starts a new session. */
  presentedSessionId: unknown;
  absoluteSeconds: number;
}

/**
 * Throws the 429 while an email, or the client address across emails, has used up its failed password
 * attempts: at sign-in and when a signed-in person confirms their current password alike.
 */
export async function assertPasswordAttemptsLeft(db: Db, email: string, ip: string | null): Promise<void> {
  const emailWait = await emailLockoutSeconds(db, email, LOGIN_LIMITS.perEmail, LOGIN_LIMITS.windowSeconds);
  if (emailWait !== null) throw tooManyAttempts(emailWait);
  if (ip) {
    const ipWait = await ipLockoutSeconds(db, ip, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
    if (ipWait !== null) throw tooManyAttempts(ipWait);
  }
}

/** Checks the password and opens a session; returns the new session id for the cookie. */
export async function signIn(db: Db, request: SignInRequest): Promise<{ sessionId: string; userId: number }> {
  const { email, ip } = request;
  await assertPasswordAttemptsLeft(db, email, ip);

  const account = await findUserForSignIn(db, email);
  const passwordMatches = await verifyPassword(request.password, account?.passwordHash ?? (await decoy()));
  if (!account || !passwordMatches) {
    await recordLoginAttempt(db, { email, ip, succeeded: false });
    throw new AppError('unauthorized', WRONG_CREDENTIALS_MESSAGE);
  }
  if (!account.active) {
    await recordLoginAttempt(db, { email, ip, succeeded: false });
    throw new AppError(
      'account_deactivated',
      'This account has been deactivated. Ask an administrator to reactivate it.',
    );
  }

  const sessionId = newSessionId();
  await db.transaction(async (tx) => {
    if (isWellFormedSessionId(request.presentedSessionId)) {
      await deleteSession(tx, hashSessionId(request.presentedSessionId));
    }
    await createSession(tx, {
      idHash: hashSessionId(sessionId),
      userId: account.id,
      absoluteSeconds: request.absoluteSeconds,
      userAgent: request.userAgent?.slice(0, 512) ?? null,
      ip,
    });
    await recordLoginAttempt(tx, { email, ip, succeeded: true });
    await recordSignIn(tx, account.id);
  });
  return { sessionId, userId: account.id };
}
