import { type AdminLocation, adminLocationSchema } from '@engine/admin-location-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const ADMIN_LOCATIONS_URL = '/api/admin/locations';
export const adminLocationsQueryKey = [ADMIN_LOCATIONS_URL] as const;

/** Every location, inactive ones included. */
export function fetchAdminLocations(signal?: AbortSignal): Promise<AdminLocation[]> {
  return getParsed(ADMIN_LOCATIONS_URL, z.array(adminLocationSchema), { signal });
}

export const adminLocationsQueryOptions = () =>
  queryOptions({ queryKey: adminLocationsQueryKey, queryFn: ({ signal }) => fetchAdminLocations(signal) });

export function useAdminLocations() {
  return useQuery(adminLocationsQueryOptions());
}
