import { type StartCountResponse, startCountResponseSchema } from '@engine/counting-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { activeCountCompletionQueryKey } from './active-count-completion.ts';

export const START_COUNT_URL = '/api/count-sessions/start';

/** "Start a new count?": closes the open count, opens an empty one and retires the active completion. */
export async function startCount(locationId: number): Promise<StartCountResponse> {
  const answer = await apiRequestJson('POST', START_COUNT_URL, { locationId }, { retries: 0 });
  return startCountResponseSchema.parse(answer);
}

export function useStartCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [START_COUNT_URL],
    mutationFn: (locationId: number) => startCount(locationId),
    onSettled: (_data, _error, locationId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
        queryClient.invalidateQueries({ queryKey: activeCountCompletionQueryKey(locationId) }),
      ]),
  });
}
