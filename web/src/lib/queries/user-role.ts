import { type UserRole, userRoleSchema } from '@engine/api-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { useAuth } from './auth-user.ts';

export const USER_ROLE_URL = '/api/auth/user-role';
export const userRoleQueryKey = [USER_ROLE_URL] as const;

export function fetchUserRole(signal?: AbortSignal): Promise<UserRole> {
  return getParsed(USER_ROLE_URL, userRoleSchema, { signal });
}

export const userRoleQueryOptions = () =>
  queryOptions({ queryKey: userRoleQueryKey, queryFn: ({ signal }) => fetchUserRole(signal) });

/** Asked only once someone is signed in (spec §7); a visitor has no role to ask about. */
export function useUserRole() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...userRoleQueryOptions(), enabled: isAuthenticated });
}
