import type { OrderDetail, OrderLine } from '@engine/order-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { CommentDialog } from '@web/components/ui/comment-dialog.tsx';
import type { LineGroup } from '@web/components/ui/order-lines-table.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { formatDateTime, plural } from '@web/lib/display-format.ts';
import { useReceiveDelivery } from '@web/lib/orders/deliveries.ts';
import { tellWhenAnswered } from '@web/lib/orders/tell-when-answered.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { CircleCheck, PackageCheck } from 'lucide-react';
import { useState } from 'react';
import {
  DeliveredQuantities,
  delivered,
  focusFirstBadQuantity,
  fromVendor,
  recordedOtherwise,
} from './delivered-quantities.tsx';

/** The latest receipt among the lines: when the vendor's delivery (the last part of it) arrived. */
function latestReceipt(lines: readonly OrderLine[]): string | null {
  let latest: string | null = null;
  for (const line of lines)
    if (line.receivedAt && (!latest || line.receivedAt > latest)) latest = line.receivedAt;
  return latest;
}

/**
 * One vendor's delivery of a placed order (decision 092): "Receive" while its lines are waiting (manage_orders),
 * "Received" with the time once they are in. The order is received with its last delivery.
 */
export function VendorDelivery({ order, group }: { order: OrderDetail; group: LineGroup<OrderLine> }) {
  const { has } = usePermissions();
  const [open, setOpen] = useState(false);
  // What came, by product, once the person says something came otherwise than ordered; null: as ordered.
  const [counted, setCounted] = useState<Record<number, string> | null>(null);
  const waiting = group.lines.filter((line) => line.receivedAt === null);
  const what = `${plural(waiting.length, 'line')} ${fromVendor(group.vendor)}`;
  const receive = useReceiveDelivery({
    done: `Received the ${what} on order ${order.number}`,
    failed: `The delivery of the ${what} on order ${order.number} was not recorded`,
    order: { number: order.number },
  });

  if (waiting.length === 0) {
    const at = latestReceipt(group.lines);
    return at ? (
      <p className="flex items-center gap-1 text-sm text-success">
        <CircleCheck aria-hidden className="size-4" />
        Received {formatDateTime(at, order.location.timezone)}
      </p>
    ) : null;
  }
  if (order.status !== 'placed' || !has('manage_orders')) return null;

  const stillToCome = order.lineCount - order.receivedLineCount - waiting.length;
  const confirm = (comment: string) => {
    const lines = delivered(waiting, counted);
    if (!lines) {
      focusFirstBadQuantity();
      return;
    }
    tellWhenAnswered(receive.mutateAsync({ orderId: order.id, lines, comment }), {
      close: () => setOpen(false),
      done: (updated) => {
        const otherwise = recordedOtherwise(lines, updated.lines);
        if (otherwise.length > 0) {
          // Someone received these lines first (another phone, another tab): what was typed here is not recorded.
          toast({
            variant: 'destructive',
            title: `The ${what} ${waiting.length === 1 ? 'was' : 'were'} already received`,
            description: `Recorded with other quantities: ${otherwise.join('; ')}. If yours are right, use Correct.`,
          });
          return;
        }
        const rest = updated.lineCount - updated.receivedLineCount;
        toast({
          title: `Received the ${what}`,
          description:
            updated.status === 'received'
              ? `Order ${updated.number} is received: every line is in.`
              : `${plural(rest, 'line')} of order ${updated.number} still to come.`,
        });
      },
      order: { number: order.number },
      failed: 'The delivery was not recorded',
    });
  };

  return (
    <>
      <Button
        type="button"
        size="sm"
        onClick={() => {
          // Each opening starts from "as ordered": quantities typed before a Cancel are not a delivery.
          setCounted(null);
          setOpen(true);
        }}
        aria-label={`Receive the ${what}`}
      >
        <PackageCheck aria-hidden />
        {waiting.length < group.lines.length ? `Receive the other ${waiting.length}` : 'Receive'}
      </Button>
      <CommentDialog
        open={open}
        onOpenChange={setOpen}
        title={
          group.vendor
            ? `Receive the delivery from ${group.vendor}?`
            : 'Receive the lines with no vendor set?'
        }
        message={
          <>
            Record that the {what} on order {order.number} arrived. Receiving does not change any counts.
            {stillToCome === 0
              ? ' This is the order’s last delivery: the order will be received.'
              : ` ${plural(stillToCome, 'other line')} will still be to come.`}
          </>
        }
        commentLabel="Comment (optional), e.g. what was damaged"
        confirmText={`Receive ${plural(waiting.length, 'line')}`}
        busy={receive.isPending}
        onConfirm={confirm}
      >
        <DeliveredQuantities lines={waiting} counted={counted} onCountedChange={setCounted} />
      </CommentDialog>
    </>
  );
}
