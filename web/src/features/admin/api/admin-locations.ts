import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

/** Every location, inactive ones included. */
export const adminLocationsQueryOptions = () => endpointQuery(adminEndpoints.listLocations, {});

/** For invalidation after a write that changes the list. */
export const adminLocationsQueryKey = endpointKeyPrefix(adminEndpoints.listLocations);

export function useAdminLocations() {
  return useQuery(adminLocationsQueryOptions());
}
