import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';

/** The locations the signed-in user may act on; a stored location outside this list is not valid (requirements §5). */
export const userLocationsQueryOptions = () => endpointQuery(referenceEndpoints.userLocations, {});
export const userLocationsQueryKey = userLocationsQueryOptions().queryKey;

export function useUserLocations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userLocationsQueryOptions(), enabled: options.enabled ?? true });
}
