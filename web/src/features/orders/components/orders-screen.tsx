import type { Location } from '@engine/api-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ordersExportUrl } from '@web/features/orders/api/orders-export-url.ts';
import { formatMoney, plural } from '@web/lib/display-format.ts';
import { NO_ORDER_FILTERS, type OrderFilters, useOrders } from '@web/lib/orders/order-queries.ts';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { noMatchHint } from '../no-match-hint.ts';
import { OrderDetailSheet } from './order-detail-sheet.tsx';
import { OrderFiltersBar } from './order-filters-bar.tsx';
import { OrdersList } from './orders-list.tsx';

/** The server refuses a range that ends before it starts; say so here instead of asking. */
function dateRangeError(filters: OrderFilters): string | null {
  if (filters.from && filters.to && filters.from > filters.to) return "'From' must not be after 'To'.";
  return null;
}

/** Orders (product.md): every order of the user's locations, filtered, with detail, history and CSV export. */
export function OrdersScreen({
  locations,
  openOrderId,
  onOpenOrder,
}: {
  locations: readonly Location[];
  openOrderId: number | null;
  onOpenOrder: (orderId: number | null) => void;
}) {
  const [filters, setFilters] = useState<OrderFilters>(NO_ORDER_FILTERS);
  const dateError = dateRangeError(filters);
  const orders = useOrders(filters, { enabled: dateError === null });
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <OrderFiltersBar
        filters={filters}
        onChange={setFilters}
        locations={locations}
        exportHref={dateError ? null : ordersExportUrl(filters)}
        dateError={dateError}
      />
      {dateError ? null : orders.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading orders" />
        </div>
      ) : orders.isError ? (
        <ReadFailed title="Orders could not load" error={orders.error} onRetry={orders.refetch} />
      ) : orders.data.orders.length === 0 ? (
        <Card className="items-center gap-2 px-6 py-12 text-center shadow-none">
          <span className="mb-2 inline-flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <ClipboardList aria-hidden className="size-5" />
          </span>
          <h2 className="text-foreground text-lg">{filtered ? 'No orders match' : 'No orders yet'}</h2>
          <p className="max-w-md text-pretty text-muted-foreground text-sm">
            {filtered
              ? noMatchHint(filters, locations)
              : 'Orders submitted from View Cart show here with their status and history.'}
          </p>
          {filtered ? (
            <Button variant="outline" className="mt-2" onClick={() => setFilters(NO_ORDER_FILTERS)}>
              Clear filters
            </Button>
          ) : null}
        </Card>
      ) : (
        <>
          <p className="mb-3 text-muted-foreground text-sm" aria-live="polite">
            <span className="font-medium text-foreground">{plural(orders.data.count, 'order')}</span> ·{' '}
            {formatMoney(orders.data.total)} in total
            {orders.data.unspentTotal > 0
              ? ` · ${formatMoney(orders.data.unspentTotal)} cancelled or rejected, not in the total`
              : ''}
            {orders.data.hasMore
              ? ` · showing the newest ${orders.data.orders.length}; narrow the filters or export to see every one`
              : ''}
          </p>
          <OrdersList orders={orders.data.orders} onOpen={onOpenOrder} />
        </>
      )}
      <OrderDetailSheet orderId={openOrderId} onClose={() => onOpenOrder(null)} />
    </>
  );
}
