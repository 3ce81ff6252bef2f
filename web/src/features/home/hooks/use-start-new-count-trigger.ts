import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { INVENTORY_URL } from '../../../lib/queries/inventory.ts';
import {
  consumeTriggerStartNewCountAtom,
  triggerStartNewCountAtom,
} from '../../../lib/storage/trigger-start-new-count.ts';

/**
 * After an order is submitted the flag `triggerStartNewCount` asks the main screen, once, to start from a
 * clean inventory (spec §2). The flag is removed here and every cached inventory is dropped, so the next
 * count reads the server's fresh state instead of the counts the order was built from.
 */
export function useStartNewCountTrigger(): void {
  const pending = useAtomValue(triggerStartNewCountAtom);
  const consume = useSetAtom(consumeTriggerStartNewCountAtom);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!pending) return;
    if (consume()) void queryClient.invalidateQueries({ queryKey: [INVENTORY_URL] });
  }, [pending, consume, queryClient]);
}
