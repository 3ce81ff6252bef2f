import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { activeCountCompletionQueryKey } from './active-count-completion.ts';

export interface ClearCountInput {
  locationId: number;
  /** The session on screen; a count restarted elsewhere meanwhile is refused instead of cleared. */
  sessionId?: number;
}

/** "Clear all counts?": removes every count and confirmation, keeping the session open. */
export function clearCount(input: ClearCountInput) {
  return call(countingEndpoints.clearCount, { body: input }, { retries: 0 });
}

export function useClearCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [countingEndpoints.clearCount.path],
    mutationFn: clearCount,
    // A refusal may mean the count was completed elsewhere meanwhile: the screen's completion is read again too.
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
        queryClient.invalidateQueries({ queryKey: activeCountCompletionQueryKey(input.locationId) }),
      ]),
  });
}
