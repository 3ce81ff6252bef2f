import { type Cart, cartSchema } from '@engine/cart-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const CART_URL = '/api/cart';

/** Joined with '/', the key is the URL; invalidate `['/api/cart']` for every location's cart. */
export const cartQueryKey = (locationId: number) => [CART_URL, locationId] as const;

/** A location's shopping list (View Cart and Shopping List); readable with the location in scope. */
export function fetchCart(locationId: number, signal?: AbortSignal): Promise<Cart> {
  return getParsed(`${CART_URL}/${locationId}`, cartSchema, { signal });
}

export const cartQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: cartQueryKey(locationId),
    queryFn: ({ signal }) => fetchCart(locationId, signal),
  });

export function useCart(locationId: number | null | undefined) {
  return useQuery({ ...cartQueryOptions(locationId ?? 0), enabled: locationId != null && locationId > 0 });
}
