import { plural } from '@web/lib/display-format.ts';
import { useWaitingWriteCount } from '@web/lib/offline/use-waiting-write-count.ts';
import { CloudUpload } from 'lucide-react';
import { OfflineLine } from './offline-line.tsx';

/** "1 order change waits on this device" / "2 order changes wait on this device" */
export const waitingWritesText = (count: number) =>
  `${plural(count, 'order change')} ${count === 1 ? 'waits' : 'wait'} on this device`;

/**
 * Says that order changes wait on this device for the network (decision 095), on whatever screen is open: one
 * confirmed with "Close and send later", or left by a closed tab and not sent yet, so nobody does it again.
 */
export function WaitingWritesLine() {
  const waiting = useWaitingWriteCount();
  if (waiting === 0) return null;
  return (
    <OfflineLine
      testId="waiting-writes-line"
      title={waitingWritesText(waiting)}
      detail="sent when the network returns"
      Icon={CloudUpload}
    />
  );
}
