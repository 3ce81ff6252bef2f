import { useMutationState } from '@tanstack/react-query';
import { isWaitingWrite, WAITING_WRITE } from './waiting-writes.ts';

/** How many order changes of this page wait for the network on the device (decision 095). */
export function useWaitingWriteCount(): number {
  return useMutationState({
    filters: { mutationKey: [WAITING_WRITE], predicate: isWaitingWrite },
    select: (mutation) => mutation.mutationId,
  }).length;
}
