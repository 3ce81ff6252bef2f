import { AppError } from '@engine/errors/app-error.ts';
import { type ProxyTrust, requestOrigin } from './request-origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests from other sites (CSRF), on top of SameSite=Lax (decision 003).
 *
 * Rule: the Origin header, or the Referer's origin when Origin is absent, must be this server's own origin
 * (as the browser sees it) or PUBLIC_ORIGIN. A request with neither header is refused too, with or
 * without a session: browsers send Origin on every fetch write, so only scripts omit both, and a script
 * can send the header; letting header-less writes through would rest the defence on a cookie heuristic.
 */
export function assertSameOrigin(
  request: Request,
  options: ProxyTrust & { publicOrigin: string | undefined },
): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get('origin');
  const referer = request.headers.get('referer');
  const claimed = origin !== null ? originOf(origin) : referer !== null ? originOf(referer) : null;
  if (claimed !== null && (claimed === requestOrigin(request, options) || claimed === options.publicOrigin)) {
    return;
  }
  throw new AppError('cross_site_refused');
}
