import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKeyPrefix } from '@web/lib/api-client.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';

export interface ParLockToggle {
  productId: number;
  locked: boolean;
}

/** The lock beside one PAR on Set PARs, for someone who manages PAR locks. */
export function useToggleParLock(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [countingEndpoints.changeParLocks.path, locationId],
    mutationFn: ({ productId, locked }: ParLockToggle) =>
      call(
        countingEndpoints.changeParLocks,
        { params: { locationId }, body: { scope: 'products', productIds: [productId], locked } },
        { retries: 0 },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
        queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(countingEndpoints.getParLocks) }),
      ]),
  });
}
