import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

/** Every user with role, places, active and last sign-in. */
export const adminUsersQueryOptions = () => endpointQuery(adminEndpoints.listUsers, {});

/** For invalidation after a write that changes the list. */
export const adminUsersQueryKey = endpointKeyPrefix(adminEndpoints.listUsers);

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
