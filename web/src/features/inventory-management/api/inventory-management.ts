import { inventoryManagementEndpoints } from '@engine/endpoints/inventory-management-endpoints.ts';
import type { BulkInventoryBody } from '@engine/inventory-management-schemas.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';

const read = inventoryManagementEndpoints.inventoryManagement;

export const inventoryManagementQueryOptions = (locationId: number) =>
  endpointQuery(read, { query: { locationId } });

export function useInventoryManagement(locationId: number) {
  return useQuery(inventoryManagementQueryOptions(locationId));
}

/** One change for many products; the answer lists what changed, what already was so and what was refused. */
export function useBulkChangeInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [inventoryManagementEndpoints.bulkChangeInventory.path],
    mutationFn: (body: BulkInventoryBody) =>
      call(inventoryManagementEndpoints.bulkChangeInventory, { body }, { retries: 0 }),
    // Set PARs, counts and the shopping list show lifecycle and stock status too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(read) }),
        queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
      ]),
  });
}
