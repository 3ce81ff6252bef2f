import { useMutationState } from '@tanstack/react-query';
import { plural } from '@web/lib/display-format.ts';
import { isWaitingWrite, WAITING_WRITE } from '@web/lib/offline/waiting-writes.ts';
import { OfflineLine } from './offline-line.tsx';

/**
 * Says that order changes wait on this device for the network (decision 095), on whatever screen is open: one
 * confirmed with "Close and send later", or left by a closed tab and not sent yet, so nobody does it again.
 */
export function WaitingWritesLine() {
  const waiting = useMutationState({
    filters: { mutationKey: [WAITING_WRITE], predicate: isWaitingWrite },
    select: (mutation) => mutation.mutationId,
  }).length;
  if (waiting === 0) return null;
  return (
    <OfflineLine
      testId="waiting-writes-line"
      title={`${plural(waiting, 'order change')} ${waiting === 1 ? 'waits' : 'wait'} on this device`}
      detail="sent when the network returns"
    />
  );
}
