import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

const endpoint = referenceEndpoints.inventory;

/** Without a location the server answers the empty inventory (the preload before a café is chosen). */
export const inventoryInput = (locationId?: number | null) => ({
  query: { locationId: locationId ?? undefined },
});

export const inventoryQueryOptions = (locationId?: number | null) =>
  endpointQuery(endpoint, inventoryInput(locationId));

export const inventoryQueryKey = (locationId?: number | null) => inventoryQueryOptions(locationId).queryKey;

/** Invalidates every location's inventory at once. */
export const inventoryKeyPrefix = endpointKeyPrefix(endpoint);

export function useInventory(locationId?: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryQueryOptions(locationId), enabled: options.enabled ?? true });
}
