import { isApiPath } from '@web/lib/api-client.ts';

export interface SignInSearch {
  returnTo?: string;
}

/**
 * Only a path of this app may be returned to after signing in: anything else (another origin, `//host`,
 * the API, the sign-in page itself) would be an open redirect or a loop, so it falls back to home.
 */
export function safeReturnTo(returnTo: string | undefined): string {
  if (!returnTo || returnTo.length > 2048) return '/';
  if (!returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(returnTo, 'http://parstock.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://parstock.invalid') return '/';
  if (isApiPath(url.pathname) || url.pathname === '/sign-in') return '/';
  return returnTo;
}

export function parseSignInSearch(search: Record<string, unknown>): SignInSearch {
  return typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {};
}
