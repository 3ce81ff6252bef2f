import { expandInventory } from '@engine/compact-inventory.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpointKeyPrefix, endpointQueryKey, endpointUrl } from '@web/lib/api-client.ts';

const endpoint = referenceEndpoints.inventory;
/** What is asked on the wire: the same answer without its default fields (decision 057). */
const compactEndpoint = referenceEndpoints.inventoryCompact;

/** Without a location the server answers the empty inventory (the preload before a café is chosen). */
export const inventoryInput = (locationId?: number | null) => ({
  query: { locationId: locationId ?? undefined },
});

/** The address the inventory read asks (the compact answer), as logged when a preload of it fails. */
export const inventoryUrl = (locationId?: number | null) =>
  endpointUrl(compactEndpoint, inventoryInput(locationId));

/**
 * A café's inventory, kept under the inventory's own query key with every item whole: the screens, the outboxes
 * and the cache updates read and write full items and never see the compact form.
 */
export const inventoryQueryOptions = (locationId?: number | null) =>
  queryOptions({
    queryKey: endpointQueryKey(endpoint, inventoryInput(locationId)),
    queryFn: async ({ signal }) =>
      expandInventory(
        await call(compactEndpoint, inventoryInput(locationId), {
          signal,
          retries: 0,
          keyPath: endpoint.path,
        }),
      ),
  });

export const inventoryQueryKey = (locationId?: number | null) => inventoryQueryOptions(locationId).queryKey;

/** Invalidates every location's inventory at once. */
export const inventoryKeyPrefix = endpointKeyPrefix(endpoint);

export function useInventory(locationId?: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryQueryOptions(locationId), enabled: options.enabled ?? true });
}
