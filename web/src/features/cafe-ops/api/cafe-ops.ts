import { opsEndpoints } from '@engine/endpoints/ops-endpoints.ts';
import type { SaveTaskTicksBody } from '@engine/ops-tracker-schemas.ts';
import { useQuery } from '@tanstack/react-query';
import { call, endpointKeyPrefix, endpointQuery, endpointQueryKey } from '@web/lib/api-client.ts';

const endpoint = opsEndpoints.getCafeOps;

/** Invalidating this refreshes every café's and day's checklist. */
export const cafeOpsKeyPrefix = endpointKeyPrefix(endpoint);

export const cafeOpsQueryKey = (locationId: number, date?: string) =>
  endpointQueryKey(endpoint, { query: { locationId, date } });

/** A café's checklist of a business date (today in the café's time zone when no date is given). */
export const cafeOpsQueryOptions = (locationId: number, date?: string) =>
  endpointQuery(endpoint, { query: { locationId, date } });

export function useCafeOps(locationId: number, date?: string) {
  return useQuery(cafeOpsQueryOptions(locationId, date));
}

/** The outbox sends ticks itself and retries on its own schedule, so the client does not. */
export function saveTaskTicks(body: SaveTaskTicksBody, signal?: AbortSignal) {
  return call(opsEndpoints.saveTaskTicks, { body }, { retries: 0, signal });
}
