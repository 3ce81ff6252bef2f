import { groupByVendor } from './order-by-vendor.ts';
import { type OrderStatus, transitionOrder } from './order-state-machine.ts';

/**
 * A placed order arrives vendor by vendor, often on different days (decision 092): each delivery is received on
 * its own, and the order is received when its last line is. A retry of a delivery already received receives
 * nothing twice.
 */

export interface ReceiptLine {
  productId: number;
  vendor: string | null;
  lineTotal: number;
  received: boolean;
}

export type ReceiptPlan<L extends ReceiptLine> =
  | {
      ok: true;
      /** The lines this delivery receives: those asked for and not received before (none on a retry). */
      receive: L[];
      /** Whether the order is received with them: no line is left waiting. */
      completes: boolean;
    }
  | { ok: false; kind: 'validation' | 'state'; reason: string };

export function planReceipt<L extends ReceiptLine>(
  status: OrderStatus,
  lines: readonly L[],
  productIds: readonly number[],
): ReceiptPlan<L> {
  const onOrder = new Map(lines.map((line) => [line.productId, line]));
  const strangers = [...new Set(productIds.filter((id) => !onOrder.has(id)))];
  if (strangers.length > 0) {
    return {
      ok: false,
      kind: 'validation',
      reason:
        strangers.length === 1
          ? `Product ${strangers[0]} is not on this order.`
          : `Products ${strangers.join(', ')} are not on this order.`,
    };
  }
  // A received order has every line in: asking again is a retry that landed, not a mistake.
  if (status === 'received') return { ok: true, receive: [], completes: false };
  const transition = transitionOrder(status, 'receive');
  if (!transition.ok) return { ok: false, kind: 'state', reason: transition.reason };
  const asked = new Set(productIds);
  const receive = lines.filter((line) => asked.has(line.productId) && !line.received);
  const completes = receive.length > 0 && lines.every((line) => line.received || asked.has(line.productId));
  return { ok: true, receive, completes };
}

const NO_VENDOR = 'no vendor set';

function linesOf(count: number): string {
  return count === 1 ? '1 line' : `${count} lines`;
}

/**
 * What the order's history says of one delivery: "Received 11 lines from Valley Fresh Dairy", or for a delivery of
 * several vendors "Received 14 lines: Valley Fresh Dairy (11), Ridge Roasters (3)".
 */
export function receiptSummary(lines: readonly Pick<ReceiptLine, 'vendor' | 'lineTotal'>[]): string {
  const groups = groupByVendor(lines);
  const [only] = groups;
  if (groups.length === 1 && only) {
    return only.vendor === null
      ? `Received ${linesOf(only.lines.length)} with no vendor set`
      : `Received ${linesOf(only.lines.length)} from ${only.vendor}`;
  }
  const parts = groups.map((group) => `${group.vendor ?? NO_VENDOR} (${group.lines.length})`);
  return `Received ${linesOf(lines.length)}: ${parts.join(', ')}`;
}

/**
 * Whether a step of the order's history received a delivery and left the order placed (more to come). The
 * status stays the same as in an edit of quantities, but quantities change only while an order is submitted.
 */
export function isDeliveryStep(from: OrderStatus | null, to: OrderStatus): boolean {
  return from === 'placed' && to === 'placed';
}
