import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';

/** Submitted orders of the user's scope, oldest first, each line with its previous quantity and flags. */
export const approvalsQuery = (locationId?: number | null) =>
  endpointQuery(api.listApprovals, { query: { locationId: locationId ?? undefined } });

export function useApprovals(locationId?: number | null) {
  return useQuery(approvalsQuery(locationId));
}
