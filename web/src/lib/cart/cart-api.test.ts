import { describe, expect, test } from 'bun:test';
import { orderingEndpoints } from '@engine/endpoints/ordering-endpoints.ts';
import { endpointQueryKey } from '@web/lib/api-client.ts';
import { CART_PATH, cartQuery, cartQueryKey } from './cart-api.ts';

describe('the cart read', () => {
  test('its key is the one its declaration gives, though the declaration loads only with the first call', () => {
    expect(CART_PATH).toBe(orderingEndpoints.getCart.path);
    const declared: readonly unknown[] = endpointQueryKey(orderingEndpoints.getCart, {
      params: { locationId: 7 },
    });
    expect([...cartQueryKey(7)] as unknown[]).toEqual([...declared]);
    expect([...cartQuery(7).queryKey] as unknown[]).toEqual([...declared]);
  });
});
