import type { ParsResponse } from '@engine/counting-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';
import { mergeParStates } from '@web/features/operations/api/inventory-cache.ts';
import { updatePars } from '@web/features/operations/api/update-pars.ts';
import {
  isParEdit,
  mergeParEdits,
  type ParEdit,
  type ParKeptElsewhere,
  parsKeptElsewhere,
} from '@web/features/operations/model/par-edit.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { outboxKey } from '@web/lib/autosave/outbox-storage.ts';
import { useAutosaveQueue } from '@web/lib/autosave/use-autosave.ts';
import { formatQuantity } from '@web/lib/display-format.ts';
import { inventoryQueryKey } from '@web/lib/shared-reads/inventory.ts';

function keptMessage(kept: readonly ParKeptElsewhere[]): string {
  const [first] = kept;
  if (kept.length > 1 || !first) {
    return `${kept.length} PARs you typed were changed later elsewhere; the later values are kept and shown.`;
  }
  const by = first.by ? ` by ${first.by}` : '';
  return `${first.productName} is ${formatQuantity(first.kept)}: it was set${by} after you typed ${formatQuantity(first.typed)}.`;
}

/**
 * The outbox of Set PARs: edits per product, merged while they wait, sent in all-or-nothing batches. The screen
 * holds the queue without following it; each row and the frame follow their part (decision 053).
 */
export function useParOutbox(input: { locationId: number; userId: number }) {
  const { locationId, userId } = input;
  const queryClient = useQueryClient();
  const key = outboxKey({ userId, locationId, operation: 'set_pars', session: 'pars' });
  return useAutosaveQueue<ParEdit, ParsResponse>(
    key,
    isParEdit,
    {
      send: async (entries, signal) => {
        const result = await updatePars(
          {
            locationId,
            // The typing time lets the server keep a PAR typed later on another device (decision 062).
            items: entries.map((entry) => ({
              productId: entry.itemId,
              ...entry.value,
              typedAt: entry.typedAt,
            })),
          },
          signal,
        ).catch((error: unknown) => {
          // A PAR locked since the screen read the café: the locks are read again, so the notice's count and the
          // other rows' fields follow at once, not at the next refresh.
          if (errorCodeOf(error) === 'par_locked') {
            void queryClient.invalidateQueries({ queryKey: inventoryQueryKey(locationId) });
          }
          throw error;
        });
        const kept = parsKeptElsewhere(entries, result.items);
        if (kept.length > 0) toast({ title: 'A newer PAR was kept', description: keptMessage(kept) });
        return result;
      },
      onSaved: (result) => mergeParStates(queryClient, locationId, result.items),
    },
    { merge: mergeParEdits },
  );
}
