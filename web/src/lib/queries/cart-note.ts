import { type Cart, cartSchema } from '@engine/cart-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { CART_URL, cartQueryKey } from './cart.ts';

export const cartNoteUrl = (locationId: number) => `${CART_URL}/${locationId}/note`;

/** Saves the note that goes with the order (trimmed by the server, at most 1000 characters). */
export async function saveCartNote(locationId: number, note: string): Promise<Cart> {
  const answer = await apiRequestJson('PUT', cartNoteUrl(locationId), { note }, { retries: 0 });
  return cartSchema.parse(answer);
}

export function useSaveCartNote(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [CART_URL, locationId, 'note'],
    mutationFn: (note: string) => saveCartNote(locationId, note),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey(locationId), cart),
  });
}
