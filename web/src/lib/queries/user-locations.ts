import { type Location, locationSchema } from '@engine/api-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const USER_LOCATIONS_URL = '/api/user/locations';
export const userLocationsQueryKey = [USER_LOCATIONS_URL] as const;

/** The locations the signed-in user may act on; a stored location outside this list is not valid (spec §5). */
export function fetchUserLocations(signal?: AbortSignal): Promise<Location[]> {
  return getParsed(USER_LOCATIONS_URL, z.array(locationSchema), { signal });
}

export const userLocationsQueryOptions = () =>
  queryOptions({ queryKey: userLocationsQueryKey, queryFn: ({ signal }) => fetchUserLocations(signal) });

export function useUserLocations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userLocationsQueryOptions(), enabled: options.enabled ?? true });
}
