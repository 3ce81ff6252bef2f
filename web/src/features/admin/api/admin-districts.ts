import { type AdminDistrict, adminDistrictSchema } from '@engine/admin-location-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const ADMIN_DISTRICTS_URL = '/api/admin/districts';
export const adminDistrictsQueryKey = [ADMIN_DISTRICTS_URL] as const;

export function fetchAdminDistricts(signal?: AbortSignal): Promise<AdminDistrict[]> {
  return getParsed(ADMIN_DISTRICTS_URL, z.array(adminDistrictSchema), { signal });
}

export const adminDistrictsQueryOptions = () =>
  queryOptions({ queryKey: adminDistrictsQueryKey, queryFn: ({ signal }) => fetchAdminDistricts(signal) });

export function useAdminDistricts() {
  return useQuery(adminDistrictsQueryOptions());
}
