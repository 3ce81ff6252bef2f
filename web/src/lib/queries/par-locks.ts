import { type ParLocksResponse, parLocksResponseSchema } from '@engine/par-lock-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const PAR_LOCKS_URL = '/api/par-locks';

/** Joined with '/', the key is the URL; invalidate `['/api/par-locks']` for every location. */
export const parLocksQueryKey = (locationId: number) => [PAR_LOCKS_URL, locationId] as const;

export function fetchParLocks(locationId: number, signal?: AbortSignal): Promise<ParLocksResponse> {
  return getParsed(`${PAR_LOCKS_URL}/${locationId}`, parLocksResponseSchema, { signal });
}

export const parLocksQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: parLocksQueryKey(locationId),
    queryFn: ({ signal }) => fetchParLocks(locationId, signal),
  });

export function useParLocks(locationId: number | null | undefined) {
  return useQuery({
    ...parLocksQueryOptions(locationId ?? 0),
    enabled: locationId != null && locationId > 0,
  });
}
