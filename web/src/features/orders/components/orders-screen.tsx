import type { Location } from '@engine/api-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { startFromNewest, useOrderPages } from '@web/features/orders/api/order-pages.ts';
import { ordersExportUrl } from '@web/features/orders/api/orders-export-url.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { formatMoney, formatQuantity, plural } from '@web/lib/display-format.ts';
import { focusWasLost } from '@web/lib/focus-after-removal.ts';
import { NO_ORDER_FILTERS, type OrderFilters } from '@web/lib/orders/order-queries.ts';
import { useLatestCallback } from '@web/lib/use-latest-callback.ts';
import { ClipboardList } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
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
  const queryClient = useQueryClient();
  // Opened again, the list starts from the newest orders, not from as far back as it was paged last time.
  const [filters, setFilters] = useState<OrderFilters>(() => {
    startFromNewest(queryClient, NO_ORDER_FILTERS);
    return NO_ORDER_FILTERS;
  });
  const dateError = dateRangeError(filters);
  const orders = useOrderPages(filters, { enabled: dateError === null });
  const filtered = Object.values(filters).some(Boolean);
  const rows = useMemo(() => orders.data?.pages.flatMap((page) => page.orders) ?? [], [orders.data]);
  // Every page counts every matching order; the latest page read says so most recently.
  const figures = orders.data?.pages.at(-1);
  const open = useLatestCallback(onOpenOrder);
  const listRef = useRef<HTMLDivElement>(null);
  // The row the first older order is drawn at, while a press of "Load older orders" is being answered.
  const olderFrom = useRef<number | null>(null);

  // Changed filters list from the newest order again: their own pages, never the cursor of the list before.
  function changeFilters(next: OrderFilters) {
    startFromNewest(queryClient, next);
    setFilters(next);
  }

  function loadOlder() {
    if (orders.isFetchingNextPage) return;
    olderFrom.current = rows.length;
    void orders.fetchNextPage();
  }

  function restart() {
    startFromNewest(queryClient, filters);
    void orders.refetch();
  }

  useEffect(() => {
    const from = olderFrom.current;
    if (from === null || orders.isFetchingNextPage) return;
    olderFrom.current = null;
    // While more remain, the button keeps the focus for the next press. With the last page it went: the first older
    // order takes the focus, where reading goes on, rather than the page.
    if (orders.hasNextPage || !focusWasLost()) return;
    const numbers = listRef.current?.querySelectorAll<HTMLElement>('tbody th button');
    numbers?.[Math.min(from, rows.length - 1)]?.focus();
    // The rows too, not only the flag: a page answered at once may never render as fetching.
  }, [orders.isFetchingNextPage, orders.hasNextPage, rows.length]);

  return (
    <>
      <OrderFiltersBar
        filters={filters}
        onChange={changeFilters}
        locations={locations}
        exportHref={dateError ? null : ordersExportUrl(filters)}
        dateError={dateError}
      />
      {dateError ? null : orders.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading orders" />
        </div>
      ) : orders.isError && !orders.isFetchNextPageError ? (
        <ReadFailed title="Orders could not load" error={orders.error} onRetry={orders.refetch} />
      ) : rows.length === 0 || !figures ? (
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
            <Button variant="outline" className="mt-2" onClick={() => changeFilters(NO_ORDER_FILTERS)}>
              Clear filters
            </Button>
          ) : null}
        </Card>
      ) : (
        <>
          <p className="mb-3 text-muted-foreground text-sm" aria-live="polite">
            <span className="font-medium text-foreground">{plural(figures.count, 'order')}</span> ·{' '}
            {formatMoney(figures.total)} in total
            {figures.unspentTotal > 0
              ? ` · ${formatMoney(figures.unspentTotal)} cancelled or rejected, not in the total`
              : ''}
            {orders.hasNextPage
              ? ` · showing the newest ${formatQuantity(rows.length)} of ${formatQuantity(Math.max(figures.count, rows.length))}`
              : ''}
          </p>
          <div ref={listRef}>
            <OrdersList orders={rows} onOpen={open} />
          </div>
          {orders.hasNextPage ? (
            <div className="mt-5 flex flex-col items-center gap-2">
              {orders.isFetchNextPageError ? (
                <p role="alert" className="text-center text-red-700 text-sm">
                  Older orders could not load.{' '}
                  {errorCodeOf(orders.error) === 'validation_failed' ? (
                    // The page's cursor was refused (the café is no longer one of this person's, say): asking again
                    // with it cannot help, so the list starts again from the newest orders.
                    <Button variant="link" className="h-auto p-0 text-sm" onClick={restart}>
                      Start again from the newest
                    </Button>
                  ) : (
                    errorMessageForPerson(orders.error, 'Check the connection and try again.')
                  )}
                </p>
              ) : null}
              <Button
                variant="outline"
                // Marked, not disabled, while loading: a disabled button drops the keyboard's focus to the page's body.
                aria-disabled={orders.isFetchingNextPage || undefined}
                className="aria-disabled:opacity-50"
                onClick={loadOlder}
              >
                {orders.isFetchingNextPage ? <Spinner label="Loading older orders" /> : null}
                Load older orders
              </Button>
            </div>
          ) : null}
        </>
      )}
      <OrderDetailSheet orderId={openOrderId} onClose={() => onOpenOrder(null)} />
    </>
  );
}
