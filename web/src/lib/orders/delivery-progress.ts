import type { OrderStatus } from '@engine/order-state-machine.ts';

/**
 * How much of a placed order has arrived, while it arrives vendor by vendor: "11 of 87 lines received". Null
 * before the first delivery and once the order is received (the status says it then).
 */
export function deliveryProgress(order: {
  status: OrderStatus;
  lineCount: number;
  receivedLineCount: number;
}): string | null {
  if (order.status !== 'placed' || order.receivedLineCount === 0) return null;
  return `${order.receivedLineCount} of ${order.lineCount} lines received`;
}
