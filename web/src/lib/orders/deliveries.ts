import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { OrderDetail } from '@engine/order-schemas.ts';
import { call } from '@web/lib/api-client.ts';
import type { WriteTold } from '@web/lib/offline/waiting-writes.ts';
import { orderWrite, useOrderWrite } from './order-write.ts';

/**
 * The writes of a placed order's deliveries: receiving one (decision 092) and correcting what came (decision
 * 093). Both are retried on a lost answer like any idempotent write: a line is received once, and a quantity
 * already recorded changes nothing, so a repeat answers the order as it is.
 */

export interface DeliveryInput {
  orderId: number;
  /** The lines that arrived (those of one vendor still waiting), each with what came when it is not what was ordered. */
  lines: { productId: number; quantity?: number }[];
  comment?: string;
}

export interface ReceiptCorrectionInput {
  orderId: number;
  /** Received lines whose quantity was wrong, each with what really came. */
  lines: { productId: number; quantity: number }[];
  comment?: string;
}

function withComment<L>(lines: L, comment: string | undefined) {
  const trimmed = comment?.trim();
  return { lines, ...(trimmed ? { comment: trimmed } : {}) };
}

export function receiveDelivery(input: DeliveryInput): Promise<OrderDetail> {
  return call(api.receiveDelivery, {
    params: { id: input.orderId },
    body: withComment(input.lines, input.comment),
  });
}

export function correctReceipt(input: ReceiptCorrectionInput): Promise<OrderDetail> {
  return call(api.correctReceipt, {
    params: { id: input.orderId },
    body: withComment(input.lines, input.comment),
  });
}

export const RECEIVE_DELIVERY = orderWrite('receive-delivery', receiveDelivery);
export const CORRECT_RECEIPT = orderWrite('correct-receipt', correctReceipt);

export const useReceiveDelivery = (told: WriteTold) => useOrderWrite(RECEIVE_DELIVERY, told);
export const useCorrectReceipt = (told: WriteTold) => useOrderWrite(CORRECT_RECEIPT, told);
