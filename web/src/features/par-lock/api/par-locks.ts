import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, endpointQueryKey } from '@web/lib/api-client.ts';

const endpoint = countingEndpoints.getParLocks;

export const parLocksQueryKey = (locationId: number) =>
  endpointQueryKey(endpoint, { params: { locationId } });

export const parLocksQueryOptions = (locationId: number) =>
  endpointQuery(endpoint, { params: { locationId } });

export function useParLocks(locationId: number | null | undefined) {
  return useQuery({
    ...parLocksQueryOptions(locationId ?? 0),
    enabled: locationId != null && locationId > 0,
  });
}
