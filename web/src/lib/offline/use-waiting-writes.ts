import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  dropKept,
  keepWaitingWrites,
  leftWriteKeys,
  oneTakeOverAtATime,
  readKept,
  THIS_TAB,
} from './waiting-writes.ts';

/**
 * Takes over the writes a closed tab of the person left, sends them, and keeps this tab's writes from then on
 * (decision 095). The sending code loads only when something waits. A taken-over key is dropped only once this
 * tab keeps its writes, so a page that dies in between leaves them to the next. Answers the keeping's
 * unsubscribe, or null when the page was left first.
 */
export function takeOverWaitingWrites(
  queryClient: QueryClient,
  userId: number,
  tab: string,
  isLeft: () => boolean = () => false,
): Promise<(() => void) | null> {
  return oneTakeOverAtATime(userId, async () => {
    const keys = await leftWriteKeys(userId, tab);
    const waiting = keys.flatMap(readKept);
    if (isLeft()) return null;
    if (waiting.length > 0) {
      const { sendWaitingOrderWrites } = await import('@web/lib/orders/send-waiting-order-writes.ts');
      if (isLeft()) return null;
      sendWaitingOrderWrites(queryClient, waiting);
    }
    const stop = keepWaitingWrites(queryClient, userId, tab);
    dropKept(keys);
    return stop;
  });
}

/** While a person's app is open, their order writes waiting for the network are kept on the device. */
export function useWaitingWrites(userId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    takeOverWaitingWrites(queryClient, userId, THIS_TAB, () => left).then(
      (unsubscribe) => {
        if (left) unsubscribe?.();
        else stop = unsubscribe;
      },
      // The sending code could not load (an update half-installed): what waits stays kept for the next start.
      () => undefined,
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient, userId]);
}
