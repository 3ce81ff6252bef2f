import { type Cart, cartSchema } from '@engine/cart-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { CART_URL, cartQueryKey } from './cart.ts';

/** Clear Shopping List: no lines and not suggested any more; the note stays. */
export async function clearCart(locationId: number): Promise<Cart> {
  const answer = await apiRequestJson('DELETE', `${CART_URL}/${locationId}`, undefined, { retries: 0 });
  return cartSchema.parse(answer);
}

export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [CART_URL, 'clear'],
    mutationFn: (locationId: number) => clearCart(locationId),
    onSuccess: (cart, locationId) => queryClient.setQueryData(cartQueryKey(locationId), cart),
  });
}
