import type { AuthUser } from '@engine/api-schemas.ts';
import { shouldRetryQuery } from '@engine/backoff.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpointQueryKey } from '@web/lib/api-client.ts';
import { setPageUser } from '@web/lib/api-request.ts';
import { useEffect } from 'react';
import { finishPendingSignOut } from '../offline/pending-sign-out.ts';

const endpoint = sessionEndpoints.currentUser;

/** The session's cache entry; signing in and changing the password write the new user straight into it. */
export const authUserQueryKey = endpointQueryKey(endpoint);

/** Requirements §4/§9: fresh 5 min, kept 30 min, rechecked on focus and every 20 min while the page is visible. */
export const AUTH_USER_STALE_MS = 5 * 60_000;
export const AUTH_USER_GC_MS = 30 * 60_000;
export const AUTH_USER_RETRIES = 2;
export const AUTH_USER_RECHECK_MS = 20 * 60_000;

/** Ends a session that was signed out with no network (pending-sign-out.ts); false while unreachable. */
export function finishSignOut(): Promise<boolean> {
  return finishPendingSignOut(() => call(sessionEndpoints.signOut, {}, { retries: 0 }));
}

/**
 * The signed-in user, or null when the server answers 401 (signed out). After a sign-out the server has not
 * heard of yet, the answer is null until it has: the cookie still names the person who signed out. `onSent` runs
 * once the check has left, for reads that must leave behind it (the start's, decision 080).
 */
export async function fetchAuthUser(signal?: AbortSignal, onSent?: () => void): Promise<AuthUser | null> {
  if (!(await finishSignOut())) return null;
  const answer = call(
    endpoint,
    {},
    // A cached answer could keep showing a session that has ended; the query client does the retrying.
    { on401: 'returnNull', signal, cache: 'no-cache', retries: 0 },
  ).then((user) => {
    setPageUser(user?.id, true);
    return user;
  });
  onSent?.();
  return answer;
}

export const authUserQueryOptions = () =>
  queryOptions({
    queryKey: authUserQueryKey,
    queryFn: ({ signal }) => fetchAuthUser(signal),
    staleTime: AUTH_USER_STALE_MS,
    gcTime: AUTH_USER_GC_MS,
    retry: (failureCount, error) => shouldRetryQuery(failureCount, error, AUTH_USER_RETRIES),
    refetchOnWindowFocus: true,
    refetchInterval: AUTH_USER_RECHECK_MS,
    // Stop rechecking while the tab is hidden; focus brings a recheck anyway.
    refetchIntervalInBackground: false,
  });

export interface AuthState {
  user: AuthUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * The session as the app sees it. A failed check (after its retries) counts as signed out (requirements §7/§8):
 * the landing page with its sign-in link is the safe place to land. The failure is logged once.
 */
export function useAuth(): AuthState {
  const query = useQuery(authUserQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Auth check failed; treating the visitor as signed out', query.error);
  }, [query.error]);
  const user = query.error ? null : (query.data ?? null);
  return { user, isLoading: query.isPending && !query.error, isAuthenticated: user !== null };
}
