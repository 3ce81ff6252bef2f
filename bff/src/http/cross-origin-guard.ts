import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import { AppError } from '../errors/app-error.ts';
import { type ProxyTrust, requestOrigin } from './request-origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get('cookie') ?? '';
  return cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * Refuses state-changing requests from other sites (CSRF), on top of SameSite=Lax.
 *
 * Rule: the Origin header, or the Referer's origin when Origin is absent, must be this server's own origin
 * (as the browser sees it) or PUBLIC_ORIGIN. A request with neither header is let through only when it
 * carries no session cookie: browsers always send Origin on cross-site POSTs, so a header-less request
 * is a script or CLI, and one without a session cannot act as anybody (it can at most sign in).
 */
export function assertSameOrigin(
  request: Request,
  options: ProxyTrust & { publicOrigin: string | undefined },
): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get('origin');
  const referer = request.headers.get('referer');
  const claimed = origin !== null ? originOf(origin) : referer !== null ? originOf(referer) : undefined;
  if (claimed === undefined) {
    if (!hasSessionCookie(request)) return;
  } else if (claimed !== null) {
    const allowed = [requestOrigin(request, options), options.publicOrigin];
    if (allowed.includes(claimed)) return;
  }
  throw new AppError('cross_site_refused', 403, 'Cross-site request refused.');
}
