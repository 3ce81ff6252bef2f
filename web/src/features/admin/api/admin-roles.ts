import { type AdminRolesResponse, adminRolesResponseSchema } from '@engine/admin-role-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const ADMIN_ROLES_URL = '/api/admin/roles';
export const adminRolesQueryKey = [ADMIN_ROLES_URL] as const;

/** Every role with its permissions, and every permission with what it allows. */
export function fetchAdminRoles(signal?: AbortSignal): Promise<AdminRolesResponse> {
  return getParsed(ADMIN_ROLES_URL, adminRolesResponseSchema, { signal });
}

export const adminRolesQueryOptions = () =>
  queryOptions({ queryKey: adminRolesQueryKey, queryFn: ({ signal }) => fetchAdminRoles(signal) });

export function useAdminRoles() {
  return useQuery(adminRolesQueryOptions());
}
