import type { Cart, CartItemChange } from '@engine/cart-schemas.ts';
import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery, endpointQueryKey } from '@web/lib/api-client.ts';

/**
 * A location's cart, read and written by View Cart and the Shopping List alike. Every write answers the
 * cart as it now stands, which replaces the cached one.
 */
export const cartQuery = (locationId: number) => endpointQuery(api.getCart, { params: { locationId } });

export const cartQueryKey = (locationId: number) => endpointQueryKey(api.getCart, { params: { locationId } });

export function useCart(locationId: number | null | undefined) {
  return useQuery({ ...cartQuery(locationId ?? 0), enabled: locationId != null && locationId > 0 });
}

/**
 * Saves changed quantities (0 or null removes a line). The last change of a product wins on the server, so
 * a retried batch cannot undo a later one; the autosave queue does the retrying.
 */
export function saveCartItems(locationId: number, items: CartItemChange[]): Promise<Cart> {
  return call(api.saveCartItems, { params: { locationId }, body: { items } }, { retries: 0 });
}

function useCartWrite<I>(write: (input: I) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey(cart.locationId), cart),
  });
}

/** Saves the note that goes with the order (trimmed by the server, at most 1000 characters). */
export function useSaveCartNote(locationId: number) {
  return useCartWrite((note: string) =>
    call(api.saveCartNote, { params: { locationId }, body: { note } }, { retries: 0 }),
  );
}

/** Suggest Orders (requirements §4–§5): filled from the completed count; without one, count_not_completed. */
export function useSuggestCart() {
  return useCartWrite((locationId: number) =>
    call(api.suggestCart, { params: { locationId } }, { retries: 0 }),
  );
}

/** Clear Shopping List: no lines and not suggested any more; the note stays. */
export function useClearCart() {
  return useCartWrite((locationId: number) =>
    call(api.clearCart, { params: { locationId } }, { retries: 0 }),
  );
}
