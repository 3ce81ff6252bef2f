import type { OrderSummary } from '@engine/order-schemas.ts';
import { cn } from '@web/lib/cn.ts';
import { formatDateTime } from '@web/lib/display-format.ts';
import type { ReactNode } from 'react';

/** From this width up the orders show as a table; below it each order is a stacked card. */
export type OrdersTableBreakpoint = 'md' | 'lg';

/* Whole class names per breakpoint, so Tailwind finds every one of them in the source. */
const LAYOUT: Readonly<
  Record<
    OrdersTableBreakpoint,
    { table: string; head: string; body: string; createdBy: string; onlyStacked: string }
  >
> = {
  md: {
    table: 'block w-full text-sm md:table',
    head: 'hidden border-border border-b bg-muted/50 md:table-header-group',
    body: 'block divide-y divide-border md:table-row-group',
    createdBy: 'text-muted-foreground text-xs md:block',
    onlyStacked: 'md:hidden',
  },
  lg: {
    table: 'block w-full text-sm lg:table',
    head: 'hidden border-border border-b bg-muted/50 lg:table-header-group',
    body: 'block divide-y divide-border lg:table-row-group',
    createdBy: 'text-muted-foreground text-xs lg:block',
    onlyStacked: 'lg:hidden',
  },
};

export interface OrdersTableColumn {
  label: string;
  align?: 'right';
}

/**
 * A card holding a table of orders: column headers on wider screens, stacked rows on phones. The caller
 * renders the rows (`<tr>`), whose cells lay themselves out for both.
 */
export function OrdersTable({
  breakpoint,
  columns,
  children,
}: {
  breakpoint: OrdersTableBreakpoint;
  columns: readonly OrdersTableColumn[];
  children: ReactNode;
}) {
  const layout = LAYOUT[breakpoint];
  return (
    <div className="overflow-hidden rounded-[var(--ui-card-radius,var(--radius))] border border-border bg-card shadow-xs">
      <table className={layout.table}>
        <caption className="sr-only">Orders</caption>
        <thead className={layout.head}>
          <tr className="text-left text-muted-foreground text-xs">
            {columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={cn(
                  'py-2.5 font-medium',
                  index === 0 ? 'pr-3 pl-4' : index === columns.length - 1 ? 'pr-4 pl-3' : 'px-3',
                  column.align === 'right' && 'text-right',
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={layout.body}>{children}</tbody>
      </table>
    </div>
  );
}

/** The order's location: its name, then its code in small print. */
export function OrderLocation({ location }: { location: OrderSummary['location'] }) {
  return (
    <>
      {location.name} <span className="text-muted-foreground text-xs">· {location.code}</span>
    </>
  );
}

/** When the order was submitted and by whom: on one line when stacked, the name below in the table. */
export function OrderSubmitted({
  order,
  breakpoint,
}: {
  order: Pick<OrderSummary, 'createdAt' | 'createdBy' | 'location'>;
  breakpoint: OrdersTableBreakpoint;
}) {
  const layout = LAYOUT[breakpoint];
  return (
    <>
      <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, order.location.timezone)}</time>
      {order.createdBy ? (
        <span className={layout.createdBy}>
          <span className={layout.onlyStacked}> · </span>
          {order.createdBy.name}
        </span>
      ) : null}
    </>
  );
}
