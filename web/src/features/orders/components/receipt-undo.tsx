import type { OrderDetail, OrderLine } from '@engine/order-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { CommentDialog } from '@web/components/ui/comment-dialog.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { formatDateTime, plural } from '@web/lib/display-format.ts';
import { useUndoReceipt } from '@web/lib/orders/deliveries.ts';
import { tellWhenAnswered } from '@web/lib/orders/tell-when-answered.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { fromVendor } from './delivered-quantities.tsx';

/** The vendor's latest delivery: the step that received the last of its lines (steps are numbered in order). */
function latestReceiptId(lines: readonly OrderLine[]): number | null {
  let latest: number | null = null;
  for (const line of lines)
    if (line.receiptId !== null && (latest === null || line.receiptId > latest)) latest = line.receiptId;
  return latest;
}

/** "12 other lines came with it: Ridge Roasters (11), no vendor set (1)": the rest of the same delivery. */
function othersNote(others: readonly OrderLine[]): string {
  const byVendor = new Map<string, number>();
  for (const line of others) {
    const vendor = line.vendor ?? 'no vendor set';
    byVendor.set(vendor, (byVendor.get(vendor) ?? 0) + 1);
  }
  const vendors = [...byVendor].map(([vendor, count]) => `${vendor} (${count})`).join(', ');
  return ` ${plural(others.length, 'other line')} came in the same delivery (${vendors}): ${
    others.length === 1 ? 'it is' : 'they are'
  } to come again too.`;
}

/**
 * Undoes a vendor's delivery received by mistake (decision 097): the wrong vendor's Receive tapped, the truck not
 * here yet. Its lines are to come again; an order it completed is placed again. For those who may receive
 * (manage_orders), once the vendor's lines are in.
 */
export function ReceiptUndo({
  order,
  vendor,
  lines,
}: {
  order: OrderDetail;
  vendor: string | null;
  lines: readonly OrderLine[];
}) {
  const { has } = usePermissions();
  const from = fromVendor(vendor);
  const undo = useUndoReceipt({
    done: `Undid the delivery ${from} on order ${order.number}`,
    failed: `The delivery ${from} on order ${order.number} was not undone`,
    order: { number: order.number },
  });
  const [open, setOpen] = useState(false);
  const receiptId = latestReceiptId(lines);
  if (receiptId === null || !has('manage_orders')) return null;

  const vendorsProducts = new Set(lines.map((line) => line.productId));
  const delivery = order.lines.filter((line) => line.receiptId === receiptId);
  const own = delivery.filter((line) => vendorsProducts.has(line.productId));
  const others = delivery.filter((line) => !vendorsProducts.has(line.productId));
  const at = own[0]?.receivedAt;
  const what = `${plural(own.length, 'line')} ${from}`;

  const confirm = (comment: string) => {
    tellWhenAnswered(undo.mutateAsync({ orderId: order.id, receiptId, comment }), {
      close: () => setOpen(false),
      done: (updated) =>
        toast({
          title: `Undid the delivery ${from}`,
          description: `${plural(delivery.length, 'line')} of order ${updated.number} ${
            delivery.length === 1 ? 'is' : 'are'
          } to come again.`,
        }),
      order: { number: order.number },
      failed: 'The delivery was not undone',
    });
  };

  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Undo the delivery ${from}`}
      >
        <Undo2 aria-hidden />
        Undo
      </Button>
      <CommentDialog
        open={open}
        onOpenChange={setOpen}
        title={`Undo the delivery ${from}?`}
        message={
          <>
            Use this when it was received by mistake and has not come. The {what}
            {at ? ` received ${formatDateTime(at, order.location.timezone)}` : ''} will be to come again; what
            was recorded for them is dropped, and the history keeps it.
            {others.length > 0 ? othersNote(others) : ''}
            {order.status === 'received' ? ` Order ${order.number} will be placed again.` : ''}
          </>
        }
        commentLabel="Why (optional), e.g. the wrong vendor was tapped"
        confirmText="Undo delivery"
        destructive
        busy={undo.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
