import {
  type CompleteNightlyCountResponse,
  completeNightlyCountResponseSchema,
} from '@engine/counting-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { NIGHTLY_COUNTS_URL } from './nightly-count.ts';

export const COMPLETE_NIGHTLY_COUNT_URL = '/api/nightly-counts/complete';

export interface CompleteNightlyCountInput {
  locationId: number;
  date?: string;
}

export async function completeNightlyCount(
  input: CompleteNightlyCountInput,
): Promise<CompleteNightlyCountResponse> {
  const answer = await apiRequestJson('POST', COMPLETE_NIGHTLY_COUNT_URL, input, { retries: 0 });
  return completeNightlyCountResponseSchema.parse(answer);
}

export function useCompleteNightlyCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [COMPLETE_NIGHTLY_COUNT_URL],
    mutationFn: completeNightlyCount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [NIGHTLY_COUNTS_URL] }),
  });
}
