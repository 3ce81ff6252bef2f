import { receivedValue } from '@engine/order-received-value.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { OrderHistory } from '@web/components/ui/order-history.tsx';
import { type LineGrouping, OrderLinesTable } from '@web/components/ui/order-lines-table.tsx';
import { OrderStatusBadge } from '@web/components/ui/order-status-badge.tsx';
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@web/components/ui/sheet.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { defaultGrouping } from '@web/features/orders/line-grouping.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { formatDateTime, formatMoney, plural } from '@web/lib/display-format.ts';
import { deliveryProgress, isArriving } from '@web/lib/orders/delivery-progress.ts';
import { useOrderDetail } from '@web/lib/orders/order-queries.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { atom, useAtom } from 'jotai';
import { WifiOff } from 'lucide-react';
import { CopyToListButton } from './copy-to-list-button.tsx';
import { LineReceiptNote } from './line-receipt-note.tsx';
import { ReceiptCorrection } from './receipt-correction.tsx';
import { ReceiptUndo } from './receipt-undo.tsx';
import { SendToVendorButton } from './send-to-vendor-button.tsx';
import { VendorDelivery } from './vendor-delivery.tsx';

/** By category or by vendor, once chosen: kept from one order to the next, so a buyer chooses once. */
const chosenGroupingAtom = atom<LineGrouping | null>(null);

/** One order over the list: lines by category or by vendor (to place it), and its history (who, when, what they said). */
export function OrderDetailSheet({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const detail = useOrderDetail(orderId);
  const order = detail.data;
  const [chosen, setGrouping] = useAtom(chosenGroupingAtom);
  const grouping = chosen ?? (order ? defaultGrouping(order.status) : 'category');
  const placed = order?.status === 'placed';
  // A placed order always says where its deliveries stand, and who records them.
  const progress = order ? (deliveryProgress(order) ?? (placed ? 'None received yet' : null)) : null;
  const { has } = usePermissions();
  const received = order ? receivedValue(order.lines) : null;
  return (
    <Sheet open={orderId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent aria-describedby={order ? 'order-detail-description' : undefined}>
        <SheetHeader>
          <div className="flex flex-wrap items-center gap-2">
            <SheetTitle>{order ? `Order ${order.number}` : 'Order'}</SheetTitle>
            {order ? <OrderStatusBadge status={order.status} /> : null}
          </div>
          {order ? (
            <SheetDescription id="order-detail-description">
              {order.location.name} · {order.location.code} — submitted{' '}
              {formatDateTime(order.createdAt, order.location.timezone)}
              {order.createdBy ? ` by ${order.createdBy.name}` : ''}
            </SheetDescription>
          ) : null}
        </SheetHeader>
        <SheetBody>
          {detail.isPending && detail.fetchStatus === 'paused' ? (
            // Offline, the read waits for the network (decision 094): said, rather than a spinner with no end.
            <Alert variant="warning" live="status">
              <WifiOff aria-hidden />
              <AlertTitle>This order needs a connection</AlertTitle>
              <AlertDescription>
                You're offline. It opens by itself when the network returns.
              </AlertDescription>
            </Alert>
          ) : detail.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner label="Loading the order" />
            </div>
          ) : detail.isError ? (
            <Alert variant="destructive">
              <AlertTitle>The order could not load</AlertTitle>
              <AlertDescription>
                {errorMessageForPerson(detail.error, 'Try again in a moment.')}
              </AlertDescription>
            </Alert>
          ) : order ? (
            <div className="flex flex-col gap-6">
              <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/60 p-3 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-muted-foreground text-xs">Total</dt>
                  <dd className="font-semibold text-base tabular-nums">{formatMoney(order.total)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground text-xs">Lines</dt>
                  <dd className="font-semibold text-base">{plural(order.lineCount, 'line')}</dd>
                </div>
                {received === null ? null : (
                  // What came in, for checking the invoice: a short delivery brings in less than the total.
                  <div>
                    <dt className="text-muted-foreground text-xs">Received so far</dt>
                    <dd className="font-semibold text-base tabular-nums" data-testid="order-received-value">
                      {formatMoney(received)}
                    </dd>
                  </div>
                )}
                <div className="col-span-2 sm:col-span-1">
                  <dt className="text-muted-foreground text-xs">Last change</dt>
                  <dd>{formatDateTime(order.updatedAt, order.location.timezone)}</dd>
                </div>
                {progress ? (
                  <div className="col-span-2 sm:col-span-3">
                    <dt className="text-muted-foreground text-xs">Deliveries</dt>
                    <dd>
                      {progress}
                      {/* Those who may receive are told how; a café without manage_orders is told who does. */}
                      {!placed
                        ? '.'
                        : has('manage_orders')
                          ? '; receive each vendor’s delivery in the By vendor view.'
                          : '; whoever manages orders records each delivery as it comes in.'}
                    </dd>
                  </div>
                ) : null}
                {order.note ? (
                  <div className="col-span-2 sm:col-span-3">
                    <dt className="text-muted-foreground text-xs">Note</dt>
                    <dd className="whitespace-pre-line">{order.note}</dd>
                  </div>
                ) : null}
              </dl>
              {has('submit_orders') && order.lines.length > 0 ? <CopyToListButton order={order} /> : null}
              <section aria-labelledby="order-history-title">
                <h2 id="order-history-title" className="mb-3 font-semibold text-base">
                  History
                </h2>
                <OrderHistory events={order.events} timeZone={order.location.timezone} />
              </section>
              <section aria-labelledby="order-lines-title">
                <Tabs value={grouping} onValueChange={(value) => setGrouping(value as LineGrouping)}>
                  <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                    <h2 id="order-lines-title" className="font-semibold text-base">
                      Lines
                    </h2>
                    <TabsList aria-label="Group the lines" className="w-auto">
                      <TabsTrigger value="category">By category</TabsTrigger>
                      <TabsTrigger value="vendor">By vendor</TabsTrigger>
                    </TabsList>
                  </div>
                  <TabsContent value="category" className="mt-0">
                    <OrderLinesTable
                      lines={order.lines}
                      renderExtra={(line) => (
                        <LineReceiptNote
                          line={line}
                          timeZone={order.location.timezone}
                          withTime={isArriving(order)}
                        />
                      )}
                    />
                  </TabsContent>
                  <TabsContent value="vendor" className="mt-0">
                    <OrderLinesTable
                      lines={order.lines}
                      grouping="vendor"
                      renderExtra={(line) => (
                        <LineReceiptNote line={line} timeZone={order.location.timezone} withTime={false} />
                      )}
                      renderGroupAction={(group) => (
                        <>
                          <VendorDelivery order={order} group={group} />
                          <ReceiptCorrection order={order} vendor={group.vendor} lines={group.lines} />
                          <ReceiptUndo order={order} vendor={group.vendor} lines={group.lines} />
                          <SendToVendorButton order={order} group={group} />
                        </>
                      )}
                    />
                  </TabsContent>
                </Tabs>
              </section>
            </div>
          ) : null}
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}
