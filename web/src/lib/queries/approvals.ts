import { type ApprovalsResponse, approvalsResponseSchema } from '@engine/order-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const APPROVALS_URL = '/api/approvals';

/** Invalidate with `['/api/approvals']` after any order change. */
export const approvalsQueryKey = (locationId?: number | null) =>
  [APPROVALS_URL, { locationId: locationId ?? null }] as const;

export function approvalsUrl(locationId?: number | null): string {
  return locationId == null
    ? APPROVALS_URL
    : `${APPROVALS_URL}?${new URLSearchParams({ locationId: String(locationId) })}`;
}

/** Submitted orders of the user's scope, oldest first, each line with its previous quantity and flags. */
export function fetchApprovals(locationId?: number | null, signal?: AbortSignal): Promise<ApprovalsResponse> {
  return getParsed(approvalsUrl(locationId), approvalsResponseSchema, { signal });
}

export const approvalsQueryOptions = (locationId?: number | null) =>
  queryOptions({
    queryKey: approvalsQueryKey(locationId),
    queryFn: ({ signal }) => fetchApprovals(locationId, signal),
  });

export function useApprovals(locationId?: number | null) {
  return useQuery(approvalsQueryOptions(locationId));
}
