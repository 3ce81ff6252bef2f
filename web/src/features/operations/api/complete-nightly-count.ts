import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { nightlyCountKeyPrefix } from './nightly-count.ts';

export interface CompleteNightlyCountInput {
  locationId: number;
  date?: string;
}

export function completeNightlyCount(input: CompleteNightlyCountInput) {
  return call(countingEndpoints.completeNightlyCount, { body: input }, { retries: 0 });
}

export function useCompleteNightlyCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [countingEndpoints.completeNightlyCount.path],
    mutationFn: completeNightlyCount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: nightlyCountKeyPrefix }),
  });
}
