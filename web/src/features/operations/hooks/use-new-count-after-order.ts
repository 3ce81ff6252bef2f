import { useQueryClient } from '@tanstack/react-query';
import { activeCountCompletionKeyPrefix } from '@web/features/operations/api/active-count-completion.ts';
import { inventoryKeyPrefix } from '@web/lib/shared-reads/inventory.ts';
import {
  consumeTriggerStartNewCountAtom,
  triggerStartNewCountAtom,
} from '@web/lib/storage/trigger-start-new-count.ts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/**
 * After an order is submitted, `triggerStartNewCount` asks the main screen to clear the inventory once
 * (requirements §2). The server started the café's next count with the order itself, for every phone of the café
 * (decision 119), so this device only drops its copies of the counts and of the count's completion: the Shopping
 * List then waits for fresh numbers. The flag is removed first, so it happens exactly once. Nothing is asked of the
 * server: a flag left for days must not close a count that others have typed since.
 */
export function useNewCountAfterOrder(): void {
  const pending = useAtomValue(triggerStartNewCountAtom);
  const consume = useSetAtom(consumeTriggerStartNewCountAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!pending || !consume()) return;
    void queryClient.invalidateQueries({ queryKey: inventoryKeyPrefix });
    void queryClient.invalidateQueries({ queryKey: activeCountCompletionKeyPrefix });
  }, [pending, consume, queryClient]);
}
