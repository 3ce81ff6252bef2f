import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'sid';
/**
 * The session cookie's name over HTTPS. A browser keeps a `__Host-` cookie only when it is Secure, set for the whole
 * site and by this host alone (no Domain), so a page on a sibling subdomain, or a plain-HTTP answer on the way,
 * cannot plant a session of its choosing here (cookie tossing). Over HTTPS a plain `sid` is not read at all.
 */
export const SECURE_SESSION_COOKIE = '__Host-sid';

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

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
