import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { errorMessageForPerson } from '../../../lib/api-request.ts';
import { useStartCount } from '../../../lib/queries/start-count.ts';
import {
  consumeTriggerStartNewCountAtom,
  triggerStartNewCountAtom,
} from '../../../lib/storage/trigger-start-new-count.ts';

/**
 * After an order is submitted, `triggerStartNewCount` asks for a clean inventory once (spec §2): the next
 * operation screen of the café starts a new count, so the Shopping List waits for fresh numbers instead of
 * suggesting the same order again. The flag is removed first, so it happens exactly once.
 */
export function useNewCountAfterOrder(locationId: number, canCount: boolean): void {
  const pending = useAtomValue(triggerStartNewCountAtom);
  const consume = useSetAtom(consumeTriggerStartNewCountAtom);
  const { mutate: startCount } = useStartCount();
  useEffect(() => {
    if (!pending || !canCount || !consume()) return;
    startCount(locationId, {
      onSuccess: () =>
        toast({
          title: 'New count started',
          description: 'Your order was submitted, so the counts were cleared for the next count.',
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not start a new count',
          description: errorMessageForPerson(error),
        }),
    });
  }, [pending, canCount, consume, startCount, locationId]);
}
