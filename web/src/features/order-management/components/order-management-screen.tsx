import type { Location } from '@engine/api-schemas.ts';
import type { OrderSummary } from '@engine/order-schemas.ts';
import { ORDER_ACTION_RULES } from '@engine/order-state-machine.ts';
import { Card } from '@web/components/ui/card.tsx';
import { CommentDialog } from '@web/components/ui/comment-dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { LocationFilterSelect } from '@web/components/ui/location-filter-select.tsx';
import { ORDER_STATUS_LABELS } from '@web/components/ui/order-status-badge.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import {
  MANAGE_ACTION_TEXT,
  MANAGED_STATUSES,
  type ManageAction,
  type ManagedStatus,
  manageActionMessage,
} from '@web/features/order-management/order-actions.ts';
import { useEditOrderLines } from '@web/lib/orders/edit-order-lines.ts';
import { useOrderAction } from '@web/lib/orders/order-action.ts';
import { isOrderChangedMeanwhile, orderFailureToast } from '@web/lib/orders/order-changed.ts';
import { useOrders } from '@web/lib/orders/order-queries.ts';
import { tellWhenAnswered } from '@web/lib/orders/tell-when-answered.ts';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { EditOrderLinesSheet, type LinesEdit } from './edit-order-lines-sheet.tsx';
import { ManagedOrdersTable } from './managed-orders-table.tsx';

const EMPTY_TEXT: Readonly<Record<ManagedStatus, string>> = {
  submitted: 'No orders are waiting for approval.',
  approved: 'No approved orders are waiting to be placed.',
  placed: 'No placed orders are waiting for delivery.',
};

function StatusPanel({
  status,
  locationId,
  onEdit,
  onAction,
}: {
  status: ManagedStatus;
  locationId: number | null;
  onEdit: (order: OrderSummary) => void;
  onAction: (order: OrderSummary, action: ManageAction) => void;
}) {
  const orders = useOrders({ status, locationId });
  if (orders.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={`Loading ${ORDER_STATUS_LABELS[status].toLowerCase()} orders`} />
      </div>
    );
  }
  if (orders.isError) {
    return <ReadFailed title="Orders could not load" error={orders.error} onRetry={orders.refetch} />;
  }
  if (orders.data.orders.length === 0) {
    return (
      <Card className="items-center gap-2 px-6 py-12 text-center shadow-none">
        <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <PackageCheck aria-hidden className="size-5" />
        </span>
        <p className="text-muted-foreground">{EMPTY_TEXT[status]}</p>
      </Card>
    );
  }
  return <ManagedOrdersTable orders={orders.data.orders} onEdit={onEdit} onAction={onAction} />;
}

function StatusCount({ status, locationId }: { status: ManagedStatus; locationId: number | null }) {
  const orders = useOrders({ status, locationId });
  if (!orders.data) return null;
  return (
    <span className="rounded-full bg-muted-foreground/15 px-1.5 py-px text-xs tabular-nums">
      {orders.data.count}
    </span>
  );
}

/** Order Management (product.md): edit submitted orders, cancel, mark placed and receive. */
export function OrderManagementScreen({ locations }: { locations: readonly Location[] }) {
  const [status, setStatus] = useState<ManagedStatus>('submitted');
  const [locationId, setLocationId] = useState<number | null>(null);
  // Kept after the dialog closes, so its text does not blank out during the closing animation.
  const [pending, setPending] = useState<{ order: OrderSummary; action: ManageAction } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<{ id: number; number: string } | null>(null);
  const reached = pending ? ORDER_STATUS_LABELS[ORDER_ACTION_RULES[pending.action].to].toLowerCase() : '';
  const action = useOrderAction({
    done: `Order ${pending?.order.number} ${reached}`,
    failed: `Order ${pending?.order.number} was not changed`,
    order: { number: pending?.order.number ?? '', action: pending?.action },
  });
  const editLines = useEditOrderLines({
    done: `Order ${editing?.number} updated`,
    failed: `Order ${editing?.number} was not changed`,
    order: { number: editing?.number ?? '' },
  });

  const confirmAction = (comment: string) => {
    if (!pending) return;
    const { order, action: name } = pending;
    tellWhenAnswered(
      action.mutateAsync({ orderId: order.id, action: name, expectedVersion: order.version, comment }),
      {
        close: () => setDialogOpen(false),
        done: (updated) =>
          toast({ title: `Order ${updated.number} ${ORDER_STATUS_LABELS[updated.status].toLowerCase()}` }),
        order: { number: order.number, action: name },
        failed: `Order ${order.number} was not changed`,
      },
    );
  };

  const saveLines = ({ order, lines, comment }: LinesEdit) => {
    // Told here even if the screen is left first: offline, the change may go long after (decision 094).
    editLines
      .mutateAsync({
        orderId: order.id,
        expectedVersion: order.version,
        lines,
        comment: comment || undefined,
      })
      .then(
        (updated) => {
          setEditing(null);
          toast({ title: `Order ${updated.number} updated`, description: 'The change is in its history.' });
        },
        (error) => {
          toast(orderFailureToast(error, { number: order.number }, `Order ${order.number} was not changed`));
          // A version conflict leaves the sheet open on the reloaded order; anything else closes it.
          if (!isOrderChangedMeanwhile(error)) setEditing(null);
        },
      );
  };

  const text = pending ? MANAGE_ACTION_TEXT[pending.action] : null;
  return (
    <>
      <Tabs value={status} onValueChange={(value) => setStatus(value as ManagedStatus)}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <TabsList aria-label="Order status">
            {MANAGED_STATUSES.map((value) => (
              <TabsTrigger key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
                <StatusCount status={value} locationId={locationId} />
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex flex-col gap-1.5 sm:w-64">
            <Label htmlFor="manage-location">Location</Label>
            <LocationFilterSelect
              id="manage-location"
              locations={locations}
              value={locationId}
              onChange={setLocationId}
            />
          </div>
        </div>
        {MANAGED_STATUSES.map((value) => (
          <TabsContent key={value} value={value}>
            <StatusPanel
              status={value}
              locationId={locationId}
              onEdit={(order) => setEditing({ id: order.id, number: order.number })}
              onAction={(order, name) => {
                setPending({ order, action: name });
                setDialogOpen(true);
              }}
            />
          </TabsContent>
        ))}
      </Tabs>

      <CommentDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={pending && text ? text.title(pending.order.number) : ''}
        message={pending ? manageActionMessage(pending.action, pending.order) : ''}
        confirmText={text?.confirm ?? 'OK'}
        cancelText={pending?.action === 'cancel' ? 'Keep order' : 'Cancel'}
        destructive={text?.destructive ?? false}
        busy={action.isPending}
        onConfirm={confirmAction}
      />
      <EditOrderLinesSheet
        orderId={editing?.id ?? null}
        saving={editLines.isPending}
        onSave={saveLines}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
