import { type SubmitOrderResponse, submitOrderResponseSchema } from '@engine/order-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { APPROVALS_URL } from './approvals.ts';
import { cartQueryKey } from './cart.ts';
import { ORDERS_URL } from './orders.ts';

export interface SubmitOrderInput {
  locationId: number;
  note?: string;
  /** One key per cart submission, reused for every retry and repeated click: the server makes one order. */
  idempotencyKey: string;
}

/**
 * Submits the location's cart as an order. The mutation retries lost connections with the same key, so the
 * request helper does not retry as well; a repeat of the key answers the order made the first time.
 */
export async function submitOrder(input: SubmitOrderInput): Promise<SubmitOrderResponse> {
  const answer = await apiRequestJson(
    'POST',
    ORDERS_URL,
    { locationId: input.locationId, ...(input.note === undefined ? {} : { note: input.note }) },
    { idempotencyKey: input.idempotencyKey, retries: 0 },
  );
  return submitOrderResponseSchema.parse(answer);
}

export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [ORDERS_URL, 'submit'],
    mutationFn: submitOrder,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey(input.locationId) }),
        queryClient.invalidateQueries({ queryKey: [ORDERS_URL] }),
        queryClient.invalidateQueries({ queryKey: [APPROVALS_URL] }),
      ]),
  });
}
