import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import type { ParLockChangeBody } from '@engine/par-lock-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { parLocksQueryKey } from './par-locks.ts';

/** Locks or unlocks PARs of one location by product, by category or all at once. */
export function changeParLocks(locationId: number, change: ParLockChangeBody) {
  return call(countingEndpoints.changeParLocks, { params: { locationId }, body: change }, { retries: 0 });
}

export function useChangeParLocks(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [countingEndpoints.changeParLocks.path, locationId],
    mutationFn: (change: ParLockChangeBody) => changeParLocks(locationId, change),
    onSuccess: ({ changed: _changed, ...locks }) =>
      queryClient.setQueryData(parLocksQueryKey(locationId), locks),
    // The Set PARs screen shows the lock beside each PAR.
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
  });
}
