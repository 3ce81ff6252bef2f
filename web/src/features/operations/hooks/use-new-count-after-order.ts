import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';
import { useStartCount } from '@web/features/operations/api/start-count.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import {
  consumeTriggerStartNewCountAtom,
  triggerStartNewCountAtom,
} from '@web/lib/storage/trigger-start-new-count.ts';
import { useValidSelectedLocation } from '@web/lib/use-valid-selected-location.ts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/**
 * After an order is submitted, `triggerStartNewCount` asks the main screen to clear the inventory once
 * (requirements §2): the chosen café gets a new count, so the Shopping List waits for fresh numbers instead of
 * suggesting the same order again. The flag is removed first, so it happens exactly once. Without a café
 * to start a count at (or the right to count), the cached inventory is dropped instead.
 */
export function useNewCountAfterOrder(): void {
  const pending = useAtomValue(triggerStartNewCountAtom);
  const consume = useSetAtom(consumeTriggerStartNewCountAtom);
  const selected = useValidSelectedLocation();
  const { has, ready } = usePermissions();
  const queryClient = useQueryClient();
  const { mutate: startCount } = useStartCount();
  const locationId = selected.status === 'ready' ? selected.location.id : null;
  // Wait until it is known where this person is and what they may do, so the flag is not spent on a guess.
  const settled = ready && selected.status !== 'loading';
  const canCount = has('count_inventory');

  useEffect(() => {
    if (!pending || !settled || !consume()) return;
    if (locationId === null || !canCount) {
      void queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix });
      return;
    }
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
  }, [pending, settled, consume, locationId, canCount, queryClient, startCount]);
}
