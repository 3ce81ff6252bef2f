import type { OrderSummary } from '@engine/order-schemas.ts';
import { OrderStatusBadge } from '@web/components/ui/order-status-badge.tsx';
import {
  OrderLocation,
  OrderSubmitted,
  OrdersTable,
  type OrdersTableColumn,
} from '@web/components/ui/orders-table.tsx';
import { formatMoney, formatQuantity } from '@web/lib/display-format.ts';
import { deliveryProgress } from '@web/lib/orders/delivery-progress.ts';
import { memo } from 'react';

const COLUMNS: readonly OrdersTableColumn[] = [
  { label: 'Order' },
  { label: 'Status' },
  { label: 'Location' },
  { label: 'Submitted' },
  { label: 'Lines', align: 'right' },
  { label: 'Total', align: 'right' },
];

/** Orders newest first: a table on wider screens, stacked cards on phones. The number opens the detail. */
export function OrdersList({
  orders,
  onOpen,
}: {
  orders: readonly OrderSummary[];
  /** Keep it one function for the list's life: each row is drawn once, not again as older pages join the list. */
  onOpen: (orderId: number) => void;
}) {
  return (
    <OrdersTable breakpoint="md" columns={COLUMNS}>
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} onOpen={onOpen} />
      ))}
    </OrdersTable>
  );
}

const OrderRow = memo(function OrderRow({
  order,
  onOpen,
}: {
  order: OrderSummary;
  onOpen: (orderId: number) => void;
}) {
  const progress = deliveryProgress(order);
  return (
    <tr
      data-testid="order-row"
      className="relative grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 hover:bg-muted/40 md:table-row md:p-0"
    >
      <th scope="row" className="text-left font-normal md:py-3 md:pr-3 md:pl-4">
        <button
          type="button"
          onClick={() => onOpen(order.id)}
          className="inline-flex min-h-6 cursor-pointer items-center rounded-sm font-semibold text-primary underline-offset-4 outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:ring-2 focus-visible:ring-ring md:after:hidden"
        >
          {order.number}
        </button>
      </th>
      <td className="md:px-3 md:py-3">
        <OrderStatusBadge status={order.status} />
        {progress ? <span className="mt-0.5 block text-muted-foreground text-xs">{progress}</span> : null}
      </td>
      <td className="col-span-2 text-foreground md:px-3 md:py-3">
        <OrderLocation location={order.location} />
      </td>
      <td className="col-span-2 text-muted-foreground md:px-3 md:py-3 md:text-foreground">
        <OrderSubmitted order={order} breakpoint="md" />
      </td>
      <td className="text-muted-foreground tabular-nums md:px-3 md:py-3 md:text-right md:text-foreground">
        {formatQuantity(order.lineCount)}
        <span className="md:hidden"> {order.lineCount === 1 ? 'line' : 'lines'}</span>
      </td>
      <td className="text-right font-semibold tabular-nums md:py-3 md:pr-4 md:pl-3">
        {formatMoney(order.total)}
      </td>
    </tr>
  );
});
