import type { OrderSummary } from '../../../../../engine/src/order-schemas.ts';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { formatDateTime, formatMoney, formatQuantity } from '../../../lib/display-format.ts';

/** Orders newest first: a table on wider screens, stacked cards on phones. The number opens the detail. */
export function OrdersList({
  orders,
  onOpen,
}: {
  orders: readonly OrderSummary[];
  onOpen: (orderId: number) => void;
}) {
  return (
    <div className="overflow-hidden rounded-[var(--ui-card-radius,var(--radius))] border border-border bg-card shadow-xs">
      <table className="block w-full text-sm md:table">
        <caption className="sr-only">Orders</caption>
        <thead className="hidden border-border border-b bg-muted/50 md:table-header-group">
          <tr className="text-left text-muted-foreground text-xs">
            <th scope="col" className="py-2.5 pr-3 pl-4 font-medium">
              Order
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Location
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Submitted
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              Lines
            </th>
            <th scope="col" className="py-2.5 pr-4 pl-3 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-border md:table-row-group">
          {orders.map((order) => (
            <tr
              key={order.id}
              data-testid="order-row"
              className="relative grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 hover:bg-muted/40 md:table-row md:p-0"
            >
              <th scope="row" className="text-left font-normal md:py-3 md:pr-3 md:pl-4">
                <button
                  type="button"
                  onClick={() => onOpen(order.id)}
                  className="cursor-pointer rounded-sm font-semibold text-primary underline-offset-4 outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:ring-2 focus-visible:ring-ring md:after:hidden"
                >
                  {order.number}
                </button>
              </th>
              <td className="md:px-3 md:py-3">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="col-span-2 text-foreground md:px-3 md:py-3">
                {order.location.name}{' '}
                <span className="text-muted-foreground text-xs">· {order.location.code}</span>
              </td>
              <td className="col-span-2 text-muted-foreground md:px-3 md:py-3 md:text-foreground">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                {order.createdBy ? (
                  <span className="text-muted-foreground text-xs md:block">
                    <span className="md:hidden"> · </span>
                    {order.createdBy.name}
                  </span>
                ) : null}
              </td>
              <td className="text-muted-foreground tabular-nums md:px-3 md:py-3 md:text-right md:text-foreground">
                {formatQuantity(order.lineCount)}
                <span className="md:hidden"> {order.lineCount === 1 ? 'line' : 'lines'}</span>
              </td>
              <td className="text-right font-semibold tabular-nums md:py-3 md:pr-4 md:pl-3">
                {formatMoney(order.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
