import type { CountCompletion } from '@engine/api-schemas.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpointKeyPrefix, endpointQueryKey } from '@web/lib/api-client.ts';
import { ApiRequestError, UserFacingError } from '@web/lib/api-request.ts';

const endpoint = countingEndpoints.getActiveCountCompletion;

/** Requirements §4/§9: each location's count status is polled every 30 seconds. */
export const ACTIVE_COUNT_COMPLETION_POLL_MS = 30_000;

export const activeCountCompletionQueryKey = (locationId: number) =>
  endpointQueryKey(endpoint, { params: { locationId } });

/** Invalidating this refreshes the count status of every location. */
export const activeCountCompletionKeyPrefix = endpointKeyPrefix(endpoint);

export const FETCH_COUNT_COMPLETION_FAILED = 'Failed to fetch count completion status';

/** The location's active completion; 404 means there is none (requirements §7), any other failure is an error. */
export async function fetchActiveCountCompletion(
  locationId: number,
  signal?: AbortSignal,
): Promise<CountCompletion | null> {
  try {
    return await call(endpoint, { params: { locationId } }, { signal, retries: 0 });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw new UserFacingError(FETCH_COUNT_COMPLETION_FAILED, {
      status: error instanceof ApiRequestError ? error.status : undefined,
      cause: error,
    });
  }
}

export const activeCountCompletionQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: activeCountCompletionQueryKey(locationId),
    queryFn: ({ signal }) => fetchActiveCountCompletion(locationId, signal),
    refetchInterval: ACTIVE_COUNT_COMPLETION_POLL_MS,
  });

/** Polls while a location is chosen; with none there is nothing to ask about. */
export function useActiveCountCompletion(locationId: number | null | undefined) {
  return useQuery({
    ...activeCountCompletionQueryOptions(locationId ?? 0),
    enabled: locationId != null && locationId > 0,
  });
}
