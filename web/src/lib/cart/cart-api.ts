import type { Cart, CartItemChange, CopyOrderToCartResponse } from '@engine/cart-schemas.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, lazyEndpointQuery } from '@web/lib/api-client.ts';

/*
 * The ordering routes' declarations (every order schema, built as the module runs) load with the first call of
 * the cart, not with the operation screens that include the Shopping List: imported with them, they were built at
 * every start of Count Inventory too.
 */
const loadApi = async () => (await import('@engine/endpoints/ordering-endpoints.ts')).orderingEndpoints;

/**
 * The cart's address as its declaration gives it, so that its query key is known before the declaration has
 * loaded (`cart-api.test.ts` holds the two equal).
 */
export const CART_PATH = '/api/cart/:locationId';

/**
 * A location's cart, read and written by View Cart and the Shopping List alike. Every write answers the
 * cart as it now stands, which replaces the cached one.
 */
export const cartQueryKey = (locationId: number) => [CART_PATH, { locationId }] as const;

export const cartQuery = (locationId: number) =>
  lazyEndpointQuery(cartQueryKey(locationId), async () => (await loadApi()).getCart, {
    params: { locationId },
  });

export function useCart(locationId: number | null | undefined) {
  return useQuery({ ...cartQuery(locationId ?? 0), enabled: locationId != null && locationId > 0 });
}

/**
 * Saves changed quantities (0 or null removes a line). The last change of a product wins on the server, so
 * a retried batch cannot undo a later one; the autosave queue does the retrying.
 */
export async function saveCartItems(locationId: number, items: CartItemChange[]): Promise<Cart> {
  return call((await loadApi()).saveCartItems, { params: { locationId }, body: { items } }, { retries: 0 });
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
  return useCartWrite(async (note: string) =>
    call((await loadApi()).saveCartNote, { params: { locationId }, body: { note } }, { retries: 0 }),
  );
}

/**
 * Suggest Orders (requirements §4–§5): filled from the completed count; without one, count_not_completed. After an
 * order submitted since that count, count_already_ordered names it unless `again` says the person saw it (decision 088).
 */
export function useSuggestCart() {
  return useCartWrite(async ({ locationId, again = false }: { locationId: number; again?: boolean }) =>
    call(
      (await loadApi()).suggestCart,
      { params: { locationId }, query: again ? { again: 'true' } : {} },
      { retries: 0 },
    ),
  );
}

/** Clear Shopping List: no lines and not suggested any more; the note stays. */
export function useClearCart() {
  return useCartWrite(async (locationId: number) =>
    call((await loadApi()).clearCart, { params: { locationId } }, { retries: 0 }),
  );
}

/** Puts an order's lines back on its café's list; the answer's cart replaces the cached one. */
export function useCopyOrderToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number): Promise<CopyOrderToCartResponse> =>
      call((await loadApi()).copyOrderToCart, { params: { id: orderId } }, { retries: 0 }),
    onSuccess: ({ cart }) => queryClient.setQueryData(cartQueryKey(cart.locationId), cart),
  });
}
