import { type PermissionsMap, permissionsMapSchema } from '@engine/permissions.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { useAuth } from './auth-user.ts';

export const PERMISSIONS_URL = '/api/permissions';
export const permissionsQueryKey = [PERMISSIONS_URL] as const;

/** Role → permission keys. */
export function fetchPermissionsMap(signal?: AbortSignal): Promise<PermissionsMap> {
  return getParsed(PERMISSIONS_URL, permissionsMapSchema, { signal });
}

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: permissionsQueryKey, queryFn: ({ signal }) => fetchPermissionsMap(signal) });

export function usePermissionsMap() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...permissionsQueryOptions(), enabled: isAuthenticated });
}
