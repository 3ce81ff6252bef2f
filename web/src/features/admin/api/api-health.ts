import { type ApiHealthResponse, apiHealthResponseSchema } from '@engine/admin-api-health-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const API_HEALTH_URL = '/api/admin/api-health';
export const apiHealthQueryKey = [API_HEALTH_URL] as const;

/** Refreshed this often while the page is visible; a hidden tab asks nothing. */
export const API_HEALTH_REFRESH_MS = 30_000;

export function fetchApiHealth(signal?: AbortSignal): Promise<ApiHealthResponse> {
  return getParsed(API_HEALTH_URL, apiHealthResponseSchema, { signal });
}

export const apiHealthQueryOptions = () =>
  queryOptions({
    queryKey: apiHealthQueryKey,
    queryFn: ({ signal }) => fetchApiHealth(signal),
    refetchInterval: API_HEALTH_REFRESH_MS,
    refetchIntervalInBackground: false,
    // A figure this live is old once the page is left; coming back asks again.
    staleTime: 0,
  });

export function useApiHealth() {
  return useQuery(apiHealthQueryOptions());
}
