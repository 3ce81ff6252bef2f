import type { OrderStatus } from '@engine/order-state-machine.ts';
import type { LineGrouping } from '@web/components/ui/order-lines-table.tsx';

/**
 * How an order's lines open until the person chooses: an order on its way from the vendors (approved: to be
 * placed; placed: to be delivered) by vendor, any other by category, as the café ordered it.
 */
export function defaultGrouping(status: OrderStatus): LineGrouping {
  return status === 'approved' || status === 'placed' ? 'vendor' : 'category';
}
