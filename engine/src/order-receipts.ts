import { groupByVendor } from './order-by-vendor.ts';
import type { OrderEventKind } from './order-schemas.ts';
import { type OrderStatus, transitionOrder } from './order-state-machine.ts';

/**
 * A placed order arrives vendor by vendor, often on different days (decision 092): each delivery is received on
 * its own, with what came (short or extra lines say so), and the order is received when its last line is. A retry
 * of a delivery already received receives nothing twice.
 */

export interface ReceiptLine {
  productId: number;
  productName: string;
  vendor: string | null;
  quantity: number;
  lineTotal: number;
  received: boolean;
  /** What came, as recorded when the line was received (null: not yet). */
  receivedQuantity: number | null;
  /** The step that received the line (null: not yet); what an undo of that delivery names (decision 097). */
  receiptId?: number | null;
}

/** One line of a delivery as asked: the quantity that came, or none when it came as ordered. */
export interface DeliveredLine {
  productId: number;
  quantity?: number | undefined;
}

export type ReceiptPlan<L extends ReceiptLine> =
  | {
      ok: true;
      /** The lines this delivery receives, with what came: those asked for and not received before. */
      receive: (L & { receivedQuantity: number })[];
      /** Whether the order is received with them: no line is left waiting. */
      completes: boolean;
    }
  | { ok: false; kind: 'validation' | 'state'; reason: string };

/** A product named that is not on the order, or named twice: the request's mistake, said in its words. */
export function listedProblem(
  asked: readonly DeliveredLine[],
  onOrder: ReadonlyMap<number, unknown>,
): string | null {
  const strangers = [...new Set(asked.map((line) => line.productId).filter((id) => !onOrder.has(id)))];
  if (strangers.length === 1) return `Product ${strangers[0]} is not on this order.`;
  if (strangers.length > 1) return `Products ${strangers.join(', ')} are not on this order.`;
  const seen = new Set<number>();
  for (const { productId } of asked) {
    if (seen.has(productId)) return `Product ${productId} is listed twice; list each line once.`;
    seen.add(productId);
  }
  return null;
}

export function planReceipt<L extends ReceiptLine>(
  status: OrderStatus,
  lines: readonly L[],
  asked: readonly DeliveredLine[],
): ReceiptPlan<L> {
  const onOrder = new Map(lines.map((line) => [line.productId, line]));
  const problem = listedProblem(asked, onOrder);
  if (problem) return { ok: false, kind: 'validation', reason: problem };
  // A received order has every line in: asking again is a retry that landed, not a mistake.
  if (status === 'received') return { ok: true, receive: [], completes: false };
  const transition = transitionOrder(status, 'receive');
  if (!transition.ok) return { ok: false, kind: 'state', reason: transition.reason };
  const came = new Map(asked.map((line) => [line.productId, line.quantity]));
  const receive = lines
    .filter((line) => came.has(line.productId) && !line.received)
    .map((line) => ({ ...line, receivedQuantity: came.get(line.productId) ?? line.quantity }));
  const completes = receive.length > 0 && lines.every((line) => line.received || came.has(line.productId));
  return { ok: true, receive, completes };
}

const NO_VENDOR = 'no vendor set';

function linesOf(count: number): string {
  return count === 1 ? '1 line' : `${count} lines`;
}

/** "Skim Milk 2 of 3, Half & Half none of 2": the lines that came otherwise than ordered. */
function differences(lines: readonly (ReceiptLine & { receivedQuantity: number })[]): string {
  return lines
    .filter((line) => line.receivedQuantity !== line.quantity)
    .map(
      (line) =>
        `${line.productName} ${line.receivedQuantity === 0 ? 'none' : line.receivedQuantity} of ${line.quantity}`,
    )
    .join(', ');
}

/**
 * The lines of one delivery as the history names them: "11 lines from Valley Fresh Dairy", for a delivery of
 * several vendors "14 lines: Valley Fresh Dairy (11), Ridge Roasters (3)".
 */
export function deliveryLines(lines: readonly ReceiptLine[]): string {
  const groups = groupByVendor(lines);
  const [only] = groups;
  if (groups.length === 1 && only)
    return only.vendor === null
      ? `${linesOf(only.lines.length)} with no vendor set`
      : `${linesOf(only.lines.length)} from ${only.vendor}`;
  return `${linesOf(lines.length)}: ${groups.map((group) => `${group.vendor ?? NO_VENDOR} (${group.lines.length})`).join(', ')}`;
}

/**
 * What the order's history says of one delivery: "Received 11 lines from Valley Fresh Dairy", and what came
 * otherwise than ordered: "…; not as ordered: Skim Milk 2 of 3".
 */
export function receiptSummary(lines: readonly (ReceiptLine & { receivedQuantity: number })[]): string {
  const what = `Received ${deliveryLines(lines)}`;
  const otherwise = differences(lines);
  return otherwise ? `${what}; not as ordered: ${otherwise}` : what;
}

/** What one step of an order's history did: its statuses tell most steps, its kind the rest. */
export type OrderStepKind =
  | 'submitted'
  | 'quantities_changed'
  | 'delivery_received'
  | 'receipt_corrected'
  | 'receipt_undone'
  | 'status_changed';

/**
 * What a step of the order's history did. A step that keeps the status is an edit of quantities while the order
 * is submitted (only then can they change), a delivery while it is placed (more to come), or, by its kind, a
 * correction of what came in a delivery (decision 093) or the undoing of one received by mistake (decision 097).
 */
export function orderStepKind(step: {
  from: OrderStatus | null;
  to: OrderStatus;
  kind: OrderEventKind;
}): OrderStepKind {
  if (step.kind === 'receipt_correction') return 'receipt_corrected';
  if (step.kind === 'receipt_undone') return 'receipt_undone';
  if (step.from === null) return 'submitted';
  if (step.from !== step.to) return 'status_changed';
  return step.from === 'placed' ? 'delivery_received' : 'quantities_changed';
}
