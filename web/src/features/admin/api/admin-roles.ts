import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

/** Every role with its permissions, and every permission with what it allows. */
export const adminRolesQueryOptions = () => endpointQuery(adminEndpoints.listRoles, {});

/** For invalidation after a write that changes the list. */
export const adminRolesQueryKey = endpointKeyPrefix(adminEndpoints.listRoles);

export function useAdminRoles() {
  return useQuery(adminRolesQueryOptions());
}
