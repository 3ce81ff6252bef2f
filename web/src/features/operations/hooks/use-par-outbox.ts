import type { ParsResponse } from '@engine/counting-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { mergeParStates } from '@web/features/operations/api/inventory-cache.ts';
import { updatePars } from '@web/features/operations/api/update-pars.ts';
import { isParEdit, mergeParEdits, type ParEdit } from '@web/features/operations/model/par-edit.ts';
import { outboxKey } from '@web/lib/autosave/outbox-storage.ts';
import { useAutosaveQueue } from '@web/lib/autosave/use-autosave.ts';

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
      send: (entries, signal) =>
        updatePars(
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
        ),
      onSaved: (result) => mergeParStates(queryClient, locationId, result.items),
    },
    { merge: mergeParEdits },
  );
}
