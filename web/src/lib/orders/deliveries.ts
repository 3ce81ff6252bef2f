import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { OrderDetail } from '@engine/order-schemas.ts';
import { call } from '@web/lib/api-client.ts';
import type { WriteTold } from '@web/lib/offline/waiting-writes.ts';
import { orderWrite, useOrderWrite } from './order-write.ts';

/**
 * The writes of a placed order's deliveries: receiving one (decision 092), correcting what came (decision 093) and
 * undoing one received by mistake (decision 097). Each is retried on a lost answer like any idempotent write: a
 * line is received once, a quantity already recorded changes nothing, and an undo names the delivery it undoes,
 * so a repeat answers the order as it is.
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

export interface ReceiptUndoInput {
  orderId: number;
  /** The step that received the delivery: its lines' `receiptId`. */
  receiptId: number;
  comment?: string;
}

function trimmedComment(comment: string | undefined) {
  const trimmed = comment?.trim();
  return trimmed ? { comment: trimmed } : {};
}

function withComment<L>(lines: L, comment: string | undefined) {
  return { lines, ...trimmedComment(comment) };
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

export function undoReceipt(input: ReceiptUndoInput): Promise<OrderDetail> {
  return call(api.undoReceipt, {
    params: { id: input.orderId },
    body: { receiptId: input.receiptId, ...trimmedComment(input.comment) },
  });
}

export const RECEIVE_DELIVERY = orderWrite('receive-delivery', receiveDelivery);
export const CORRECT_RECEIPT = orderWrite('correct-receipt', correctReceipt);
export const UNDO_RECEIPT = orderWrite('undo-receipt', undoReceipt);

export const useReceiveDelivery = (told: WriteTold) => useOrderWrite(RECEIVE_DELIVERY, told);
export const useCorrectReceipt = (told: WriteTold) => useOrderWrite(CORRECT_RECEIPT, told);
export const useUndoReceipt = (told: WriteTold) => useOrderWrite(UNDO_RECEIPT, told);
