import { opsEndpoints } from '@engine/endpoints/ops-endpoints.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';
import { followsTheCafes } from '../model/shown-day-status.ts';

/** While the grid shows a day still running at a café it follows the cafés on its own; a day ended everywhere no longer changes. */
export const OPS_TRACKER_REFRESH_MS = 60_000;

export const opsTrackerQueryOptions = (date?: string) =>
  endpointQuery(opsEndpoints.getOpsTracker, { query: { date } });

export function useOpsTracker(date?: string) {
  return useQuery({
    ...opsTrackerQueryOptions(date),
    refetchInterval: (query) =>
      followsTheCafes(date, query.state.data?.rows) ? OPS_TRACKER_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
}
