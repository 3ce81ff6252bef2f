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

/** Where a session is opened from, and for how long: what the sessions table keeps beside the user. */
export interface NewSession {
  /** Hash of the new session id; the id itself only ever travels in the cookie. */
  idHash: string;
  ip: string | null;
  userAgent: string | null;
  absoluteSeconds: number;
}

export interface SignInRequest extends LoginBody {
  session: NewSession;
  /** Hash of the session the browser still presents, ended here so a sign-in always starts a new session. */
  presentedSessionIdHash: string | null;
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

/**
 * Checks the password and opens the session; every attempt, failed or not, is recorded for the rate limit.
 * Returns the user the new session belongs to.
 */
export async function signIn(db: Db, request: SignInRequest): Promise<{ userId: number }> {
  const { email, session } = request;
  const { ip } = session;
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

  await db.transaction(async (tx) => {
    if (request.presentedSessionIdHash) await deleteSession(tx, request.presentedSessionIdHash);
    await createSession(tx, {
      idHash: session.idHash,
      userId: account.id,
      absoluteSeconds: session.absoluteSeconds,
      userAgent: session.userAgent?.slice(0, 512) ?? null,
      ip,
    });
    await recordLoginAttempt(tx, { email, ip, succeeded: true });
    await recordSignIn(tx, account.id);
  });
  return { userId: account.id };
}
