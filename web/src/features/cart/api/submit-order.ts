import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { SubmitOrderResponse } from '@engine/order-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { cartQueryKey } from '@web/lib/cart/cart-api.ts';
import { invalidateOrders } from '@web/lib/orders/order-queries.ts';

export interface SubmitOrderInput {
  locationId: number;
  note?: string;
  /**
   * The lines the screen shows, with the prices it shows: a list changed on another device since, or a price
   * changed since, is not ordered (409 cart_changed).
   */
  expectedLines: { productId: number; quantity: number; unitCost?: number }[];
  /** One key per cart submission, reused for every retry and repeated click: the server makes one order. */
  idempotencyKey: string;
}

/**
 * Submits the location's cart as an order. The mutation retries lost connections with the same key, so the
 * request helper does not retry as well; a repeat of the key answers the order made the first time.
 */
export function submitOrder(input: SubmitOrderInput): Promise<SubmitOrderResponse> {
  return call(
    api.submitOrder,
    {
      body: {
        locationId: input.locationId,
        expectedLines: input.expectedLines,
        ...(input.note === undefined ? {} : { note: input.note }),
      },
      headers: { 'idempotency-key': input.idempotencyKey },
    },
    { retries: 0 },
  );
}

export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey(input.locationId) }),
        invalidateOrders(queryClient),
      ]),
  });
}
