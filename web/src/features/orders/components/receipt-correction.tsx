import type { OrderDetail, OrderLine } from '@engine/order-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { CommentDialog } from '@web/components/ui/comment-dialog.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { formatQuantity, plural } from '@web/lib/display-format.ts';
import { useCorrectReceipt } from '@web/lib/orders/deliveries.ts';
import { tellWhenAnswered } from '@web/lib/orders/tell-when-answered.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { PencilLine } from 'lucide-react';
import { useState } from 'react';
import {
  corrected,
  focusFirstBadQuantity,
  fromVendor,
  orderedNote,
  WhatCameList,
} from './delivered-quantities.tsx';

const NOTHING_CHANGED = 'Nothing was changed: type what really came on the line that was wrong.';

/** "ordered 4 · recorded 3": the line's order, and what its delivery recorded when that differs. */
function recordedNote(line: OrderLine): string {
  return line.receivedQuantity === null || line.receivedQuantity === line.quantity
    ? orderedNote(line)
    : `${orderedNote(line)} · recorded ${formatQuantity(line.receivedQuantity)}`;
}

/**
 * Corrects what came on a vendor's received lines (decision 093): the missing case found in the walk-in, 40
 * typed for 4. Each line keeps the time it was received; the usage report counts the corrected quantity. For
 * those who may receive (manage_orders), once the vendor's delivery is in.
 */
export function ReceiptCorrection({
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
  const correct = useCorrectReceipt({
    done: `Corrected what came ${from} on order ${order.number}`,
    failed: `The correction of what came ${from} on order ${order.number} was not saved`,
    order: { number: order.number },
  });
  const [open, setOpen] = useState(false);
  const [counted, setCounted] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const received = lines.filter((line) => line.receivedQuantity !== null);
  if (received.length === 0 || !has('manage_orders')) return null;

  const confirm = (comment: string) => {
    const changes = corrected(received, counted);
    if (!changes) {
      setProblem(null);
      focusFirstBadQuantity();
      return;
    }
    if (changes.length === 0) {
      setProblem(NOTHING_CHANGED);
      return;
    }
    tellWhenAnswered(correct.mutateAsync({ orderId: order.id, lines: changes, comment }), {
      close: () => setOpen(false),
      done: () =>
        toast({
          title: `Corrected what came ${from}`,
          description: `${plural(changes.length, 'line')} of order ${order.number} corrected; the history says what was recorded before.`,
        }),
      order: { number: order.number },
      failed: 'The correction was not saved',
    });
  };

  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => {
          // Each opening starts from what is recorded: quantities typed before a Cancel are not a correction.
          setCounted(
            Object.fromEntries(received.map((line) => [line.productId, String(line.receivedQuantity)])),
          );
          setProblem(null);
          setOpen(true);
        }}
        aria-label={`Correct what came ${from}`}
      >
        <PencilLine aria-hidden />
        Correct
      </Button>
      <CommentDialog
        open={open}
        onOpenChange={setOpen}
        title={`Correct what came ${from}?`}
        message={
          <>
            Change a quantity to what really came on order {order.number}. Each line keeps the time it was
            received; the usage report counts the corrected quantity, and the history keeps what was recorded
            before.
          </>
        }
        commentLabel="Why (optional), e.g. the missing case was in the walk-in"
        confirmText="Save correction"
        busy={correct.isPending}
        onConfirm={confirm}
      >
        <WhatCameList
          lines={received}
          counted={counted}
          onCountedChange={(next) => {
            setProblem(null);
            setCounted(next);
          }}
          start={(line) => line.receivedQuantity ?? line.quantity}
          note={recordedNote}
        />
        {problem ? (
          <p className="text-destructive text-sm" role="alert">
            {problem}
          </p>
        ) : null}
      </CommentDialog>
    </>
  );
}
