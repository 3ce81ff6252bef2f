import { isApiPath } from '@web/lib/api-client.ts';
import { z } from 'zod';

/** `?returnTo=` of the sign-in page; anything but a string is dropped (a bad link still signs in). */
export const signInSearchSchema = z.object({ returnTo: z.string().optional().catch(undefined) });
export type SignInSearch = z.infer<typeof signInSearchSchema>;

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
  return signInSearchSchema.parse(search);
}
