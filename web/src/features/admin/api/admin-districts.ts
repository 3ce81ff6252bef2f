import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

/** Every district with how many locations it holds. */
export const adminDistrictsQueryOptions = () => endpointQuery(adminEndpoints.listDistricts, {});

/** For invalidation after a write that changes the list. */
export const adminDistrictsQueryKey = endpointKeyPrefix(adminEndpoints.listDistricts);

export function useAdminDistricts() {
  return useQuery(adminDistrictsQueryOptions());
}
