import type { OrderStatus } from '@engine/order-state-machine.ts';

/**
 * What the deliveries of an order say, where they say something: while a placed order arrives vendor by vendor
 * "11 of 87 lines received", and once lines came otherwise than ordered (short, none, extra) how many, which is
 * what a vendor's credit is about: "11 of 87 lines received, 1 not as ordered", "2 of 87 lines not as ordered".
 * Null before the first delivery, and for an order received as ordered (the status says it then).
 */
export function deliveryProgress(order: {
  status: OrderStatus;
  lineCount: number;
  receivedLineCount: number;
  notAsOrderedLineCount: number;
}): string | null {
  const otherwise = order.notAsOrderedLineCount;
  if (isArriving(order)) {
    return `${order.receivedLineCount} of ${order.lineCount} lines received${otherwise > 0 ? `, ${otherwise} not as ordered` : ''}`;
  }
  return otherwise > 0 ? `${otherwise} of ${order.lineCount} lines not as ordered` : null;
}

/** A placed order some of whose deliveries are in: more is to come. */
export function isArriving(order: { status: OrderStatus; receivedLineCount: number }): boolean {
  return order.status === 'placed' && order.receivedLineCount > 0;
}
