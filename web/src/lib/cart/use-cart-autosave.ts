import type { Cart } from '@engine/cart-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { outboxKey } from '@web/lib/autosave/outbox-storage.ts';
import { useAutosave } from '@web/lib/autosave/use-autosave.ts';
import { useCallback } from 'react';
import { cartQueryKey, saveCartItems } from './cart-api.ts';
import { type CartValue, isCartValue } from './cart-value.ts';

/**
 * The one autosave of cart quantities, for the Shopping List and View Cart alike: edits go to the person's
 * outbox for this café (kept in storage, so a reload or a lost connection loses nothing), are sent in
 * batches shortly after typing stops and retried with backoff; each saved batch's answer becomes the cached
 * cart. Both screens share one queue, so an edit on one shows as unsaved on the other until it is stored.
 */
export function useCartAutosave({ userId, locationId }: { userId: number; locationId: number }) {
  const queryClient = useQueryClient();
  const key = outboxKey({ userId, locationId, operation: 'shopping_list', session: 'cart' });
  const { queue, snapshot } = useAutosave<CartValue, Cart>(key, isCartValue, {
    send: (entries) =>
      saveCartItems(
        locationId,
        // The typing time lets the server keep a newer quantity when an older batch arrives after it (decision 124).
        entries.map((entry) => ({
          productId: entry.itemId,
          quantity: entry.value.quantity,
          typedAt: entry.typedAt,
        })),
      ),
    onSaved: (saved) => {
      // A cart read on its way would land after this answer and show the older list.
      void queryClient.cancelQueries({ queryKey: cartQueryKey(locationId), exact: true });
      queryClient.setQueryData(cartQueryKey(locationId), saved);
    },
  });
  const record = useCallback(
    (productId: number, quantity: number | null) => queue.record(productId, { quantity }),
    [queue],
  );
  return { queue, snapshot, record };
}
