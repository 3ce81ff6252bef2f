import type { OrderAction } from '@engine/order-state-machine.ts';
import { toast } from '@web/components/ui/use-toast.ts';
import { orderFailureToast } from './order-changed.ts';

/**
 * Tells how an order write confirmed in a dialog went, from its promise rather than the write's callbacks, so it
 * is told even once its screen is gone: offline, the write may go long after (decision 094). The dialog closes
 * either way; a failure is told as the order screens tell one (an order changed meanwhile, already there).
 */
export function tellWhenAnswered<T>(
  sent: Promise<T>,
  how: {
    close: () => void;
    done: (answer: T) => void;
    order: { number: string; action?: OrderAction };
    /** The title of a failure: "The delivery was not recorded". */
    failed: string;
  },
): void {
  sent.then(
    (answer) => {
      how.close();
      how.done(answer);
    },
    (error) => {
      how.close();
      toast(orderFailureToast(error, how.order, how.failed));
    },
  );
}
