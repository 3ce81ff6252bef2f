import { opsEndpoints } from '@engine/endpoints/ops-endpoints.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';

/** While the grid shows today it follows the cafés on its own; an earlier day no longer changes. */
export const OPS_TRACKER_REFRESH_MS = 60_000;

export const opsTrackerQueryOptions = (date?: string) =>
  endpointQuery(opsEndpoints.getOpsTracker, { query: { date } });

export function useOpsTracker(date?: string) {
  return useQuery({
    ...opsTrackerQueryOptions(date),
    refetchInterval: date === undefined ? OPS_TRACKER_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
}
