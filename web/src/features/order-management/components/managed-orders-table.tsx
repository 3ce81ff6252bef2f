import type { OrderSummary } from '@engine/order-schemas.ts';
import { Link } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button.tsx';
import {
  OrderLocation,
  OrderSubmitted,
  OrdersTable,
  type OrdersTableColumn,
} from '@web/components/ui/orders-table.tsx';
import {
  canEditLines,
  MANAGE_ACTION_TEXT,
  type ManageAction,
  manageActionsFor,
} from '@web/features/order-management/order-actions.ts';
import { formatMoney, plural } from '@web/lib/display-format.ts';
import { deliveryProgress } from '@web/lib/orders/delivery-progress.ts';
import { Pencil } from 'lucide-react';

const COLUMNS: readonly OrdersTableColumn[] = [
  { label: 'Order' },
  { label: 'Location' },
  { label: 'Submitted' },
  { label: 'Total', align: 'right' },
  { label: 'Actions', align: 'right' },
];

/** Orders of one status with what can be done to each: a table on wider screens, cards on phones. */
export function ManagedOrdersTable({
  orders,
  onEdit,
  onAction,
}: {
  orders: readonly OrderSummary[];
  onEdit: (order: OrderSummary) => void;
  onAction: (order: OrderSummary, action: ManageAction) => void;
}) {
  return (
    <OrdersTable breakpoint="lg" columns={COLUMNS}>
      {orders.map((order) => (
        <tr
          key={order.id}
          data-testid="managed-order"
          className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 lg:table-row lg:p-0"
        >
          <th scope="row" className="text-left font-normal lg:py-3 lg:pr-3 lg:pl-4">
            <Link
              to="/orders"
              search={{ order: order.id }}
              aria-label={`Order ${order.number}: details and history`}
              className="rounded-sm font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {order.number}
            </Link>
            <span className="block text-muted-foreground text-xs">
              {deliveryProgress(order) ?? plural(order.lineCount, 'line')}
            </span>
          </th>
          <td className="col-span-2 row-start-2 lg:px-3 lg:py-3">
            <OrderLocation location={order.location} />
          </td>
          <td className="col-span-2 row-start-3 text-muted-foreground lg:px-3 lg:py-3 lg:text-foreground">
            <OrderSubmitted order={order} breakpoint="lg" />
          </td>
          <td className="col-start-2 row-start-1 text-right font-semibold tabular-nums lg:px-3 lg:py-3">
            {formatMoney(order.total)}
          </td>
          <td className="col-span-2 row-start-4 pt-2 lg:py-3 lg:pr-4 lg:pl-3">
            <div className="flex flex-wrap gap-2 lg:justify-end">
              {canEditLines(order.status) ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-11 lg:min-h-9"
                  aria-label={`Edit quantities of ${order.number}`}
                  onClick={() => onEdit(order)}
                >
                  <Pencil aria-hidden />
                  Edit quantities
                </Button>
              ) : null}
              {manageActionsFor(order.status).map((action) => (
                <Button
                  key={action}
                  variant={MANAGE_ACTION_TEXT[action].destructive ? 'outline' : 'default'}
                  size="sm"
                  className={
                    MANAGE_ACTION_TEXT[action].destructive
                      ? 'min-h-11 text-destructive hover:text-destructive lg:min-h-9'
                      : 'min-h-11 lg:min-h-9'
                  }
                  aria-label={`${MANAGE_ACTION_TEXT[action].button} ${order.number}`}
                  onClick={() => onAction(order, action)}
                >
                  {MANAGE_ACTION_TEXT[action].button}
                </Button>
              ))}
            </div>
          </td>
        </tr>
      ))}
    </OrdersTable>
  );
}
