import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'sid';

// 32 random bytes (256 bits) in base64url: 43 characters. Anything else in the cookie is not ours.
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this hash is stored, so the sessions table cannot be replayed as cookies. The id is random and
 * looked up server-side, so it needs no signature: a tampered value simply matches no session (401).
 */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export function isWellFormedSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID_PATTERN.test(value);
}

export interface SessionCookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  path: '/';
  secure: boolean;
  maxAge: number;
}

export function sessionCookieOptions(secure: boolean, maxAgeSeconds: number): SessionCookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: maxAgeSeconds };
}
