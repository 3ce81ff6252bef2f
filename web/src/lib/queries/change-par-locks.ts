import {
  type ParLockChangeBody,
  type ParLockChangeResponse,
  parLockChangeResponseSchema,
} from '@engine/par-lock-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { PAR_LOCKS_URL, parLocksQueryKey } from './par-locks.ts';

/** Locks or unlocks PARs of one location by product, by category or all at once. */
export async function changeParLocks(
  locationId: number,
  change: ParLockChangeBody,
): Promise<ParLockChangeResponse> {
  const answer = await apiRequestJson('POST', `${PAR_LOCKS_URL}/${locationId}`, change, { retries: 0 });
  return parLockChangeResponseSchema.parse(answer);
}

export function useChangeParLocks(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [PAR_LOCKS_URL, locationId],
    mutationFn: (change: ParLockChangeBody) => changeParLocks(locationId, change),
    onSuccess: ({ changed: _changed, ...locks }) =>
      queryClient.setQueryData(parLocksQueryKey(locationId), locks),
    // The Set PARs screen shows the lock beside each PAR.
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
  });
}
