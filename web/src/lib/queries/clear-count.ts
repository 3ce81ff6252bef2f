import { type ClearCountResponse, clearCountResponseSchema } from '@engine/counting-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';

export const CLEAR_COUNT_URL = '/api/count-sessions/clear';

export interface ClearCountInput {
  locationId: number;
  /** The session on screen; a count restarted elsewhere meanwhile is refused instead of cleared. */
  sessionId?: number;
}

/** "Clear all counts?": removes every count and confirmation, keeping the session open. */
export async function clearCount(input: ClearCountInput): Promise<ClearCountResponse> {
  const answer = await apiRequestJson('POST', CLEAR_COUNT_URL, input, { retries: 0 });
  return clearCountResponseSchema.parse(answer);
}

export function useClearCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [CLEAR_COUNT_URL],
    mutationFn: clearCount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix }),
  });
}
