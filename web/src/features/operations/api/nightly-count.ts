import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { endpointKeyPrefix, endpointQuery, endpointQueryKey } from '@web/lib/api-client.ts';

const endpoint = countingEndpoints.getNightlyCount;

/** Invalidating this refreshes every location's and day's nightly count. */
export const nightlyCountKeyPrefix = endpointKeyPrefix(endpoint);

export const nightlyCountQueryKey = (locationId: number, date?: string) =>
  endpointQueryKey(endpoint, { query: { locationId, date } });

/** One café's nightly count of a business date (today in the café's time zone when no date is given). */
export const nightlyCountQueryOptions = (locationId: number, date?: string) =>
  endpointQuery(endpoint, { query: { locationId, date } });
