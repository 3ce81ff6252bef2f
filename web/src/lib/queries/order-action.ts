import { type OrderDetail, orderDetailSchema } from '@engine/order-schemas.ts';
import type { OrderAction } from '@engine/order-state-machine.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { APPROVALS_URL } from './approvals.ts';
import { ORDERS_URL } from './orders.ts';

export interface OrderActionInput {
  orderId: number;
  action: OrderAction;
  /** The version the person was looking at; a newer one is a 409 "changed by someone else". */
  expectedVersion: number;
  comment?: string;
}

export const orderActionUrl = (orderId: number, action: OrderAction) => `${ORDERS_URL}/${orderId}/${action}`;

/** Approve, reject, place, receive or cancel one order. Not retried: a refusal is an answer to show. */
export async function takeOrderAction(input: OrderActionInput): Promise<OrderDetail> {
  const comment = input.comment?.trim();
  const answer = await apiRequestJson(
    'POST',
    orderActionUrl(input.orderId, input.action),
    { expectedVersion: input.expectedVersion, ...(comment ? { comment } : {}) },
    { retries: 0 },
  );
  return orderDetailSchema.parse(answer);
}

/** Refreshes every order list, detail and the approval queue afterwards, also after a refusal (409). */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [ORDERS_URL, 'action'],
    mutationFn: takeOrderAction,
    // A transition is not repeated on its own: the version guard would refuse the repeat anyway.
    retry: false,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ORDERS_URL] }),
        queryClient.invalidateQueries({ queryKey: [APPROVALS_URL] }),
      ]),
  });
}
