import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { OrderDetail } from '@engine/order-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { invalidateOrders } from './order-queries.ts';

export interface DeliveryInput {
  orderId: number;
  /** The lines that arrived (those of one vendor still waiting), each with what came when it is not what was ordered. */
  lines: { productId: number; quantity?: number }[];
  comment?: string;
}

/**
 * Receives one delivery of a placed order. Retried on a lost answer like any idempotent write: the server
 * receives a line once, so a repeat answers the order as it is (decision 092).
 */
export function receiveDelivery(input: DeliveryInput): Promise<OrderDetail> {
  const comment = input.comment?.trim();
  return call(api.receiveDelivery, {
    params: { id: input.orderId },
    body: { lines: input.lines, ...(comment ? { comment } : {}) },
  });
}

/** Refreshes every order list and detail afterwards, also after a refusal. */
export function useReceiveDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveDelivery,
    onSettled: () => invalidateOrders(queryClient),
  });
}
