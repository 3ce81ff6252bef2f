import type { Db } from '@db/client.ts';
import { hashPassword, verifyPassword } from '@db/password.ts';
import { recordLoginAttempt } from '@db/repositories/login-attempts.ts';
import { createSession, deleteSession } from '@db/repositories/sessions.ts';
import {
  type AttemptKey,
  lockThrottles,
  recordThrottledSuccess,
  saveThrottles,
} from '@db/repositories/sign-in-throttles.ts';
import { findUserForSignIn, recordSignIn } from '@db/repositories/users.ts';
import type { LoginBody } from '@engine/api-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { reserveAttempt, secondsToWait, tooManyAttemptsMessage } from '@engine/sign-in-limits.ts';

export const WRONG_CREDENTIALS_MESSAGE = 'Email or password is incorrect.';

// Verifying against a throwaway hash when the email is unknown makes both failures take as long,
// so response time does not tell which emails have accounts.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('parstock decoy password that matches nothing');
  return decoyHash;
}

function tooManyAttempts(seconds: number): AppError {
  return new AppError('rate_limited', tooManyAttemptsMessage(seconds), {
    details: { retryAfterSeconds: seconds },
    headers: { 'retry-after': String(seconds) },
  });
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
  /** The time the attempt limits are judged at; the database's clock when null (tests fix one). */
  limitsAt: Date | null;
}

/**
 * Reserves one password attempt for an email from a client address before the password is hashed, or
 * throws the 429 with the wait. The counters are read and written under row locks in one transaction,
 * and the attempt counts as a failure from here on, so parallel attempts (on any server instance) cannot
 * all read the same count. Returns the time the attempt was judged at.
 */
export async function reservePasswordAttempt(db: Db, key: AttemptKey, limitsAt: Date | null): Promise<Date> {
  return db.transaction(async (tx) => {
    const { states, at } = await lockThrottles(tx, key, limitsAt);
    const wait = secondsToWait(states, at);
    if (wait > 0) throw tooManyAttempts(wait);
    await saveThrottles(tx, key, reserveAttempt(states, at));
    return at;
  });
}

/**
 * Checks the password and opens the session. The attempt is reserved against the limits first; every
 * checked attempt, failed or not, is logged in login_attempts. Returns the user the new session belongs to.
 */
export async function signIn(db: Db, request: SignInRequest): Promise<{ userId: number }> {
  const { email, session } = request;
  const { ip } = session;
  const at = await reservePasswordAttempt(db, { email, ip }, request.limitsAt);

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
    await recordThrottledSuccess(tx, { email, ip }, at);
    await recordSignIn(tx, account.id);
  });
  return { userId: account.id };
}
