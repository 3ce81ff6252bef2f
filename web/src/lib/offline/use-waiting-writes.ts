import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepWaitingWrites, readWaitingWrites } from './waiting-writes.ts';

/**
 * While a person's app is open, the writes waiting for the network are kept on the device; those a closed page
 * left are sent first (decision 095). The sending code loads only when something waits. Keeping starts after
 * they are back in the page: started before, the first new write would overwrite the ones still to restore.
 */
export function useWaitingWrites(userId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    const waiting = readWaitingWrites(userId);
    if (waiting.length === 0) {
      stop = keepWaitingWrites(queryClient, userId);
    } else {
      import('@web/lib/orders/send-waiting-order-writes.ts').then(
        ({ sendWaitingOrderWrites }) => {
          if (left) return;
          sendWaitingOrderWrites(queryClient, waiting);
          stop = keepWaitingWrites(queryClient, userId);
        },
        // The sending code could not load (an update half-installed): what waits stays kept for the next start.
        () => undefined,
      );
    }
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient, userId]);
}
