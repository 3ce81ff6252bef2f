import { deliveryLines, type ReceiptLine } from './order-receipts.ts';
import type { OrderEventKind } from './order-schemas.ts';
import type { OrderStatus } from './order-state-machine.ts';

/**
 * A delivery received by mistake is undone (decision 097): the wrong vendor's Receive tapped, the truck not here
 * yet. Every line that delivery received is to come again, with what it recorded (and any correction of it)
 * dropped; an order that delivery completed is placed again. The history keeps the delivery and says it was
 * undone. The delivery is named by the step that received it, so a retry of an undo that landed, sent after the
 * real delivery was received, finds none of its lines and undoes nothing.
 */

/** A recorded step of the order, as far as telling a delivery from the rest needs it. */
export interface OrderStep {
  from: OrderStatus | null;
  to: OrderStatus;
  kind: OrderEventKind;
}

/**
 * Whether a step of the history received lines: a plain step from placed (a vendor's delivery, or the whole
 * order's Receive). Corrections and undos keep the status but receive nothing.
 */
export function isDeliveryStep(step: OrderStep): boolean {
  return step.kind === 'step' && step.from === 'placed';
}

export type ReceiptUndoPlan<L extends ReceiptLine> =
  | {
      ok: true;
      /** The lines that delivery received and still holds; none when it was undone before (a retry). */
      undo: L[];
      /** The order's status after the undo: placed again once a line is to come. */
      to: OrderStatus;
    }
  | { ok: false; reason: string };

export function planReceiptUndo<L extends ReceiptLine>(
  status: OrderStatus,
  lines: readonly L[],
  receiptId: number,
  step: OrderStep | null,
): ReceiptUndoPlan<L> {
  if (!step || !isDeliveryStep(step))
    return { ok: false, reason: `Step ${receiptId} is not a delivery of this order.` };
  const undo = lines.filter((line) => line.receiptId === receiptId);
  if (undo.length === 0) return { ok: true, undo, to: status };
  return { ok: true, undo, to: 'placed' };
}

/**
 * What the order's history says of an undone delivery: "Undid the delivery of 9 lines from Valley Fresh Dairy;
 * they are to come again".
 */
export function undoSummary(lines: readonly ReceiptLine[]): string {
  return `Undid the delivery of ${deliveryLines(lines)}; ${lines.length === 1 ? 'it is' : 'they are'} to come again`;
}
