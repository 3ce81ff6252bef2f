import { cartTotals } from '@engine/cart-totals.ts';
import { lineMoney } from '@engine/line-money.ts';
import { applyOrderLineEdits } from '@engine/order-line-edits.ts';
import type { OrderDetail } from '@engine/order-schemas.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { OrderLinesTable } from '@web/components/ui/order-lines-table.tsx';
import { OrderStatusBadge } from '@web/components/ui/order-status-badge.tsx';
import { QuantityInput } from '@web/components/ui/quantity-input.tsx';
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@web/components/ui/sheet.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { formatDateTime, formatMoney } from '@web/lib/display-format.ts';
import { useOrderDetail } from '@web/lib/orders/order-queries.ts';
import { parseQuantity } from '@web/lib/parse-quantity.ts';
import { Loader2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

export interface LinesEdit {
  order: OrderDetail;
  lines: { productId: number; quantity: number }[];
  comment: string;
}

function EditForm({
  order,
  saving,
  onSave,
  onClose,
}: {
  order: OrderDetail;
  saving: boolean;
  onSave: (edit: LinesEdit) => void;
  onClose: () => void;
}) {
  const commentId = useId();
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [comment, setComment] = useState('');

  const invalid = Object.values(drafts).some((text) => !parseQuantity(text).ok);
  const edits = useMemo(
    () =>
      order.lines.flatMap((line) => {
        const text = drafts[line.productId];
        if (text === undefined) return [];
        const check = parseQuantity(text);
        return check.ok && check.quantity !== line.quantity
          ? [{ productId: line.productId, quantity: check.quantity }]
          : [];
      }),
    [drafts, order.lines],
  );
  const result = applyOrderLineEdits(order.lines, edits);
  // The lines as they would be saved, so each total, each group's and the order's follow what is typed.
  const shownLines = useMemo(() => {
    const wanted = new Map(edits.map((edit) => [edit.productId, edit.quantity]));
    return order.lines.map((line) => {
      const quantity = wanted.get(line.productId);
      return quantity === undefined ? line : { ...line, lineTotal: lineMoney(quantity, line.unitCost) };
    });
  }, [edits, order.lines]);
  const newTotal = cartTotals(shownLines).total;

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid || !result.ok || edits.length === 0 || saving) return;
        onSave({ order, lines: edits, comment: comment.trim() });
      }}
    >
      <SheetBody className="flex flex-col gap-5">
        <OrderLinesTable
          lines={shownLines}
          renderQuantity={(line) => {
            const text = drafts[line.productId] ?? String(line.quantity);
            const check = parseQuantity(text);
            return (
              <div className="flex flex-col items-start gap-1 sm:items-end">
                <QuantityInput
                  value={text}
                  label={`Quantity of ${line.productName}`}
                  invalid={!check.ok}
                  onValueChange={(value) => setDrafts((current) => ({ ...current, [line.productId]: value }))}
                />
                {check.ok ? null : <p className="text-destructive text-xs">{check.message}</p>}
              </div>
            );
          }}
        />
      </SheetBody>
      <SheetFooter className="flex-col items-stretch gap-3 sm:flex-col sm:items-stretch">
        {result.ok ? (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {result.changes.length === 0
              ? 'No changes yet.'
              : `Changes: ${result.changes.join('; ')}. New total ${formatMoney(newTotal)} (was ${formatMoney(order.total)}).`}
          </p>
        ) : (
          <p className="text-destructive text-sm" role="alert">
            {result.reason}
          </p>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={commentId}>Comment (optional)</Label>
          <Textarea
            id={commentId}
            className="min-h-14"
            maxLength={1000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" size="lg" onClick={onClose} disabled={saving}>
            Close
          </Button>
          <Button type="submit" size="lg" disabled={saving || invalid || !result.ok || edits.length === 0}>
            {saving ? <Loader2 aria-hidden className="animate-spin" /> : null}
            Save changes
          </Button>
        </div>
      </SheetFooter>
    </form>
  );
}

/** Edit quantities of a submitted order (0 removes a line), with a comment for its history. */
export function EditOrderLinesSheet({
  orderId,
  saving,
  onSave,
  onClose,
}: {
  orderId: number | null;
  saving: boolean;
  onSave: (edit: LinesEdit) => void;
  onClose: () => void;
}) {
  const detail = useOrderDetail(orderId);
  const order = detail.data;
  return (
    <Sheet open={orderId !== null} onOpenChange={(open) => (open || saving ? undefined : onClose())}>
      <SheetContent aria-describedby={order ? 'edit-order-description' : undefined}>
        <SheetHeader>
          <div className="flex flex-wrap items-center gap-2">
            <SheetTitle>{order ? `Edit order ${order.number}` : 'Edit order'}</SheetTitle>
            {order ? <OrderStatusBadge status={order.status} /> : null}
          </div>
          {order ? (
            <SheetDescription id="edit-order-description">
              {order.location.name} · {order.location.code} — submitted{' '}
              {formatDateTime(order.createdAt, order.location.timezone)}
              {order.createdBy ? ` by ${order.createdBy.name}` : ''}. Set a quantity to 0 to remove the line.
            </SheetDescription>
          ) : null}
        </SheetHeader>
        {detail.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading the order" />
          </div>
        ) : detail.isError ? (
          <SheetBody>
            <Alert variant="destructive">
              <AlertTitle>The order could not load</AlertTitle>
              <AlertDescription>
                {errorMessageForPerson(detail.error, 'Try again in a moment.')}
              </AlertDescription>
            </Alert>
          </SheetBody>
        ) : order && order.status !== 'submitted' ? (
          <SheetBody>
            <Alert variant="warning">
              <AlertTitle>This order can no longer be edited</AlertTitle>
              <AlertDescription>
                It is {order.status} now; only submitted orders can be edited.
              </AlertDescription>
            </Alert>
          </SheetBody>
        ) : order ? (
          // A newer version of the order (someone else's change) starts the edit over.
          <EditForm key={order.version} order={order} saving={saving} onSave={onSave} onClose={onClose} />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
