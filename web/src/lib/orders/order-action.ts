import { orderActionEndpointOf } from '@engine/endpoints/ordering-endpoints.ts';
import type { OrderDetail } from '@engine/order-schemas.ts';
import type { OrderAction } from '@engine/order-state-machine.ts';
import { call } from '@web/lib/api-client.ts';
import type { WriteTold } from '@web/lib/offline/waiting-writes.ts';
import { orderWrite, useOrderWrite } from './order-write.ts';

export interface OrderActionInput {
  orderId: number;
  action: OrderAction;
  /** The version the person was looking at; a newer one is refused with order_changed. */
  expectedVersion: number;
  comment?: string;
}

/** Approve, reject, place, receive or cancel one order. Not retried: a refusal is an answer to show. */
export function takeOrderAction(input: OrderActionInput): Promise<OrderDetail> {
  const comment = input.comment?.trim();
  return call(
    orderActionEndpointOf(input.action),
    {
      params: { id: input.orderId },
      body: { expectedVersion: input.expectedVersion, ...(comment ? { comment } : {}) },
    },
    { retries: 0 },
  );
}

/** A transition is not repeated on its own: the version guard would refuse the repeat anyway. */
export const ORDER_ACTION = orderWrite('order-action', takeOrderAction, { once: true });

/** Refreshes every order list, detail and the approval queue afterwards, also after a refusal. */
export const useOrderAction = (told: WriteTold) => useOrderWrite(ORDER_ACTION, told);
