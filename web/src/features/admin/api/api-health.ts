import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';

/** Refreshed this often while the page is visible; a hidden tab asks nothing. */
export const API_HEALTH_REFRESH_MS = 30_000;

export const apiHealthQueryOptions = () =>
  queryOptions({
    ...endpointQuery(adminEndpoints.apiHealth, {}),
    refetchInterval: API_HEALTH_REFRESH_MS,
    refetchIntervalInBackground: false,
    // A figure this live is old once the page is left; coming back asks again.
    staleTime: 0,
  });

export function useApiHealth() {
  return useQuery(apiHealthQueryOptions());
}
