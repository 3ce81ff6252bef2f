import { opsEndpoints } from '@engine/endpoints/ops-endpoints.ts';
import type { CafeOpsResponse, SaveTaskTicksBody } from '@engine/ops-tracker-schemas.ts';
import { useQuery } from '@tanstack/react-query';
import {
  liveChecklistRefetchMs,
  liveChecklistStaleMs,
} from '@web/features/cafe-ops/model/checklist-refresh.ts';
import { call, endpointKeyPrefix, endpointQuery, endpointQueryKey } from '@web/lib/api-client.ts';

const endpoint = opsEndpoints.getCafeOps;

/** Invalidating this refreshes every café's and day's checklist. */
export const cafeOpsKeyPrefix = endpointKeyPrefix(endpoint);

export const cafeOpsQueryKey = (locationId: number, date?: string) =>
  endpointQueryKey(endpoint, { query: { locationId, date } });

/** A café's checklist of a business date (today in the café's time zone when no date is given). */
export const cafeOpsQueryOptions = (locationId: number, date?: string) =>
  endpointQuery(endpoint, { query: { locationId, date } });

/**
 * Today's checklist follows the café's day: read again just after the café's midnight and every minute, and on
 * coming back to the page, the tab or the network (the app's reads wait to be asked). An earlier day is kept as read.
 */
export const liveCafeOpsQueryOptions = (locationId: number) => ({
  ...cafeOpsQueryOptions(locationId),
  staleTime: (query: { state: { data?: CafeOpsResponse; dataUpdatedAt: number } }) =>
    liveChecklistStaleMs(query.state.data, query.state.dataUpdatedAt),
  refetchInterval: (query: { state: { data?: CafeOpsResponse } }) => liveChecklistRefetchMs(query.state.data),
  refetchOnMount: true,
  refetchOnWindowFocus: true,
  refetchOnReconnect: true,
});

export function useCafeOps(locationId: number, date?: string) {
  return useQuery(
    date === undefined ? liveCafeOpsQueryOptions(locationId) : cafeOpsQueryOptions(locationId, date),
  );
}

/** The outbox sends ticks itself and retries on its own schedule, so the client does not. */
export function saveTaskTicks(body: SaveTaskTicksBody, signal?: AbortSignal) {
  return call(opsEndpoints.saveTaskTicks, { body }, { retries: 0, signal });
}
