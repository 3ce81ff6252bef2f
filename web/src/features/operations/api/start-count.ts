import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { activeCountCompletionQueryKey } from './active-count-completion.ts';

/**
 * "Start a new count?": closes the open count, opens an empty one and retires the active completion. `replacing` is
 * the count the screen shows: if another was started since, nothing is closed (409 count_session_changed).
 */
export function startCount(input: { locationId: number; replacing: number | null }) {
  return call(countingEndpoints.startCount, { body: input }, { retries: 0 });
}

export function useStartCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [countingEndpoints.startCount.path],
    mutationFn: startCount,
    onSettled: (_data, _error, { locationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
        queryClient.invalidateQueries({ queryKey: activeCountCompletionQueryKey(locationId) }),
      ]),
  });
}
