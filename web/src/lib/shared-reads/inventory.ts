import { expandInventory } from '@engine/compact-inventory.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpointKeyPrefix, endpointQueryKey, endpointUrl } from '@web/lib/api-client.ts';

const endpoint = referenceEndpoints.inventory;

/** Without a location the server answers the empty inventory (the preload before a café is chosen). */
const inventoryInput = (locationId?: number | null) => ({
  query: { locationId: locationId ?? undefined },
});

/** What is asked on the wire: the compact answer, each item without its default fields (decision 057). */
const compactInput = (locationId?: number | null) => ({
  query: { ...inventoryInput(locationId).query, shape: 'compact' as const },
});

/** The address the inventory read asks, as logged when a preload of it fails. */
export const inventoryUrl = (locationId?: number | null) => endpointUrl(endpoint, compactInput(locationId));

/**
 * A café's inventory, kept with every item whole: the screens, the outboxes and the cache updates read and
 * write full items and never see the compact form. The key leaves the shape out: there is one inventory per café.
 */
export const inventoryQueryOptions = (locationId?: number | null) =>
  queryOptions({
    queryKey: endpointQueryKey(endpoint, inventoryInput(locationId)),
    queryFn: async ({ signal }) =>
      expandInventory(await call(endpoint, compactInput(locationId), { signal, retries: 0 })),
  });

export const inventoryQueryKey = (locationId?: number | null) => inventoryQueryOptions(locationId).queryKey;

/** Invalidates every location's inventory at once. */
export const inventoryKeyPrefix = endpointKeyPrefix(endpoint);

export function useInventory(locationId?: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryQueryOptions(locationId), enabled: options.enabled ?? true });
}
