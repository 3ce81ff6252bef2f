import { type Cart, type CartItemChange, cartSchema } from '@engine/cart-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { CART_URL, cartQueryKey } from './cart.ts';

export const cartItemsUrl = (locationId: number) => `${CART_URL}/${locationId}/items`;

/**
 * Saves changed quantities (0 or null removes a line). The last change of a product wins on the server, so a
 * retried batch cannot undo a later one; the mutation's retries cover lost connections.
 */
export async function saveCartItems(locationId: number, items: CartItemChange[]): Promise<Cart> {
  const answer = await apiRequestJson('PUT', cartItemsUrl(locationId), { items }, { retries: 0 });
  return cartSchema.parse(answer);
}

export function useSaveCartItems(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [CART_URL, locationId, 'items'],
    mutationFn: (items: CartItemChange[]) => saveCartItems(locationId, items),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey(locationId), cart),
  });
}
