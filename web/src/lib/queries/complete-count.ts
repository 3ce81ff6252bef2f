import { type CountCompletion, countCompletionSchema } from '@engine/api-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiRequestError,
  apiRequestJson,
  errorMessageForPerson,
  UserFacingError,
} from '@web/lib/api-request.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { activeCountCompletionQueryKey } from './active-count-completion.ts';

export const COMPLETE_COUNT_URL = '/api/count-completions/complete';
export const COMPLETE_COUNT_FAILED = 'Failed to complete count';

/**
 * Completes the location's open count. A failure carries the server's message when it sent one (e.g. the
 * re-confirmation rule), else 'Failed to complete count' (spec §8). The mutation's own retries (two, never
 * for a refusal) cover lost connections, so the request helper does not retry as well.
 */
export async function completeCount(locationId: number): Promise<CountCompletion | null> {
  try {
    const answer = await apiRequestJson('POST', COMPLETE_COUNT_URL, { locationId }, { retries: 0 });
    const parsed = countCompletionSchema.safeParse(answer);
    // The success body is not fixed by the spec; the polled status is the source of truth either way.
    return parsed.success ? parsed.data : null;
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
    mutationKey: [COMPLETE_COUNT_URL],
    mutationFn: (locationId: number) => completeCount(locationId),
    onSettled: (_data, _error, locationId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activeCountCompletionQueryKey(locationId) }),
        queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
      ]),
  });
}
