import { type Cart, cartSchema } from '@engine/cart-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { CART_URL, cartQueryKey } from './cart.ts';

/**
 * Suggest Orders (spec §4–§5): the server fills the list from the active count completion. Without one it
 * answers 409 'Count Not Completed'.
 */
export async function suggestCart(locationId: number): Promise<Cart> {
  const answer = await apiRequestJson('POST', `${CART_URL}/${locationId}/suggest`, undefined, { retries: 0 });
  return cartSchema.parse(answer);
}

export function useSuggestCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [CART_URL, 'suggest'],
    mutationFn: (locationId: number) => suggestCart(locationId),
    onSuccess: (cart, locationId) => queryClient.setQueryData(cartQueryKey(locationId), cart),
  });
}
