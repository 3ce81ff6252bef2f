import { type CountCompletion, countCompletionSchema } from '@engine/api-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, UserFacingError } from '@web/lib/api-request.ts';
import { getParsed } from '@web/lib/query-client.ts';

export const ACTIVE_COUNT_COMPLETION_URL = '/api/count-completions/active';

/** Spec §4/§9: each location's count status is polled every 30 seconds. */
export const ACTIVE_COUNT_COMPLETION_POLL_MS = 30_000;

/** Joined with '/', the key is the URL; invalidate `['/api/count-completions/active']` for every location. */
export const activeCountCompletionQueryKey = (locationId: number) =>
  [ACTIVE_COUNT_COMPLETION_URL, locationId] as const;

export const FETCH_COUNT_COMPLETION_FAILED = 'Failed to fetch count completion status';

/** The location's active completion; 404 means there is none (spec §7), any other failure is an error. */
export async function fetchActiveCountCompletion(
  locationId: number,
  signal?: AbortSignal,
): Promise<CountCompletion | null> {
  try {
    return await getParsed(`${ACTIVE_COUNT_COMPLETION_URL}/${locationId}`, countCompletionSchema.nullable(), {
      signal,
    });
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
