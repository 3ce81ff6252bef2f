import type { CountCompletion } from '@engine/api-schemas.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { ApiRequestError, errorMessageForPerson, UserFacingError } from '@web/lib/api-request.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { activeCountCompletionQueryKey } from './active-count-completion.ts';

export const COMPLETE_COUNT_FAILED = 'Failed to complete count';

/**
 * Completes the location's open count. A failure carries the server's message when it sent one (e.g. the
 * re-confirmation rule), else 'Failed to complete count' (requirements §8); the original refusal stays its cause,
 * so a screen can still read its code. The mutation's own retries (two, never for a refusal) cover lost
 * connections, so the request helper does not retry as well.
 */
export async function completeCount(locationId: number): Promise<CountCompletion> {
  try {
    return await call(countingEndpoints.completeCount, { body: { locationId } }, { retries: 0 });
  } catch (error) {
    throw new UserFacingError(errorMessageForPerson(error, COMPLETE_COUNT_FAILED), {
      status: error instanceof ApiRequestError ? error.status : undefined,
      cause: error,
    });
  }
}

export function useCompleteCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [countingEndpoints.completeCount.path],
    mutationFn: (locationId: number) => completeCount(locationId),
    onSettled: (_data, _error, locationId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activeCountCompletionQueryKey(locationId) }),
        queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
      ]),
  });
}
