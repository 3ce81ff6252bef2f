import { type NightlyCountResponse, nightlyCountResponseSchema } from '@engine/counting-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const NIGHTLY_COUNTS_URL = '/api/nightly-counts';

/** Invalidate with `['/api/nightly-counts']` for every location and day. */
export const nightlyCountQueryKey = (locationId: number, date?: string) =>
  [NIGHTLY_COUNTS_URL, { locationId, date: date ?? null }] as const;

export function nightlyCountUrl(locationId: number, date?: string): string {
  const query = new URLSearchParams({ locationId: String(locationId) });
  if (date) query.set('date', date);
  return `${NIGHTLY_COUNTS_URL}?${query}`;
}

/** One café's nightly count of a business date (today in the café's time zone when no date is given). */
export function fetchNightlyCount(
  locationId: number,
  date?: string,
  signal?: AbortSignal,
): Promise<NightlyCountResponse> {
  return getParsed(nightlyCountUrl(locationId, date), nightlyCountResponseSchema, { signal });
}

export const nightlyCountQueryOptions = (locationId: number, date?: string) =>
  queryOptions({
    queryKey: nightlyCountQueryKey(locationId, date),
    queryFn: ({ signal }) => fetchNightlyCount(locationId, date, signal),
  });

export function useNightlyCount(locationId: number | null | undefined, date?: string) {
  return useQuery({
    ...nightlyCountQueryOptions(locationId ?? 0, date),
    enabled: locationId != null && locationId > 0,
  });
}
