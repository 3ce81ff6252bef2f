import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';
import { useStartCount } from '@web/features/operations/api/start-count.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import {
  consumeTriggerStartNewCountAtom,
  triggerStartNewCountAtom,
} from '@web/lib/storage/trigger-start-new-count.ts';
import { useValidSelectedLocation } from '@web/lib/use-valid-selected-location.ts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/**
 * After an order is submitted, `triggerStartNewCount` asks the main screen to clear the inventory once
 * (requirements §2): the café the order was for gets a new count, so its Shopping List waits for fresh numbers
 * instead of suggesting the same order again. That is the café stored with the flag, not the one chosen now: a
 * manager who ordered for one café and then chose another must not have the other's count cleared. The flag is
 * removed first, so it happens exactly once. A café no longer theirs is left alone; without any café to start a
 * count at (or the right to count), the cached inventory is dropped instead.
 */
export function useNewCountAfterOrder(): void {
  const pending = useAtomValue(triggerStartNewCountAtom);
  const consume = useSetAtom(consumeTriggerStartNewCountAtom);
  const selected = useValidSelectedLocation();
  const locations = useUserLocations();
  const { has, ready } = usePermissions();
  const queryClient = useQueryClient();
  const { mutateAsync: startCount } = useStartCount();
  const chosenId = selected.status === 'ready' ? selected.location.id : null;
  // Wait until it is known where this person is and what they may do, so the flag is not spent on a guess.
  const settled = ready && selected.status !== 'loading' && !locations.isPending;
  const canCount = has('count_inventory');
  const cafes = locations.data;

  useEffect(() => {
    if (!pending || !settled) return;
    const request = consume();
    if (!request) return;
    const wanted = request.locationIds.length > 0 ? request.locationIds : chosenId === null ? [] : [chosenId];
    const targets = (cafes ?? []).filter((cafe) => wanted.includes(cafe.id));
    if (targets.length === 0 || !canCount) {
      void queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix });
      return;
    }
    for (const cafe of targets) {
      startCount(cafe.id).then(
        () =>
          toast({
            title: 'New count started',
            description: `Your order was submitted, so the counts of ${cafe.name} were cleared for the next count.`,
          }),
        (error: unknown) =>
          toast({
            variant: 'destructive',
            title: `Could not start a new count at ${cafe.name}`,
            description: errorMessageForPerson(error),
          }),
      );
    }
  }, [pending, settled, consume, chosenId, cafes, canCount, queryClient, startCount]);
}
