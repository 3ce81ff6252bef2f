import type { ApprovalOrder } from '@engine/order-schemas.ts';
import { Link } from '@tanstack/react-router';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { formatDateTime, formatMoney, plural } from '@web/lib/display-format.ts';
import { AlertTriangle, Check, ChevronDown, X } from 'lucide-react';
import { useState } from 'react';
import { ApprovalLines } from './approval-lines.tsx';

/** The card's element id: the Approvals screen moves the focus to the next card once one is decided. */
export const cardId = (orderId: number) => `approval-${orderId}`;

/** One pending order: who, where, how much, the flagged lines first, and the decision buttons. */
export function ApprovalOrderCard({
  order,
  selected,
  onSelectedChange,
  onApprove,
  onReject,
  busy,
}: {
  order: ApprovalOrder;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}) {
  const [showAll, setShowAll] = useState(order.flaggedLineCount === 0 && order.lines.length <= 8);
  const flagged = order.lines.filter((line) => line.flags.length > 0);
  const visible = showAll ? order.lines : flagged;
  const headingId = `approval-${order.id}-title`;
  const linesId = `approval-${order.id}-lines`;

  return (
    <Card
      id={cardId(order.id)}
      // Focused by code only, when the card before it was approved or rejected.
      tabIndex={-1}
      className="gap-0 py-0 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      role="region"
      aria-labelledby={headingId}
      data-testid="approval-order"
    >
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <Checkbox
            className="mt-1"
            checked={selected}
            onCheckedChange={(value) => onSelectedChange(value === true)}
            aria-label={`Select order ${order.number}`}
          />
          <div className="min-w-0">
            <h2 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold text-base">
              <Link
                to="/orders"
                search={{ order: order.id }}
                className="rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {order.number}
              </Link>
              {order.flaggedLineCount > 0 ? (
                <Badge variant="outline" className="border-warning/50 bg-warning/10 text-amber-800">
                  <AlertTriangle aria-hidden />
                  {plural(order.flaggedLineCount, 'line')} to review
                </Badge>
              ) : (
                <Badge variant="outline" className="text-muted-foreground">
                  Nothing flagged
                </Badge>
              )}
            </h2>
            <p className="text-foreground text-sm">
              {order.location.name} <span className="text-muted-foreground">· {order.location.code}</span>
            </p>
            <p className="text-muted-foreground text-xs">
              Submitted {formatDateTime(order.createdAt, order.location.timezone)}
              {order.createdBy ? ` by ${order.createdBy.name}` : ''}
            </p>
          </div>
        </div>
        <div className="flex items-baseline gap-3 pl-9 sm:flex-col sm:items-end sm:gap-0 sm:pl-0">
          <p className="font-semibold text-lg tabular-nums">{formatMoney(order.total)}</p>
          <p className="text-muted-foreground text-sm">{plural(order.lineCount, 'line')}</p>
        </div>
      </div>

      {order.note ? (
        <p className="mx-4 mb-3 whitespace-pre-line rounded-md bg-muted px-3 py-2 text-sm">
          <span className="font-medium">Note: </span>
          {order.note}
        </p>
      ) : null}

      <div id={linesId} className="border-border border-t">
        {visible.length > 0 ? (
          <ApprovalLines
            lines={visible}
            caption={showAll ? `Lines of order ${order.number}` : `Flagged lines of order ${order.number}`}
          />
        ) : null}
      </div>

      <div className="flex flex-col gap-3 border-border border-t px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        {order.lines.length > flagged.length ? (
          <Button
            variant="ghost"
            size="sm"
            className="min-h-11 self-start text-muted-foreground sm:min-h-9"
            aria-expanded={showAll}
            aria-controls={linesId}
            onClick={() => setShowAll((value) => !value)}
          >
            <ChevronDown
              aria-hidden
              className={showAll ? 'rotate-180 transition-transform' : 'transition-transform'}
            />
            {showAll
              ? flagged.length > 0
                ? 'Show flagged lines only'
                : 'Hide lines'
              : `Show all ${plural(order.lines.length, 'line')}`}
          </Button>
        ) : (
          <span />
        )}
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button
            variant="outline"
            className="min-h-11 text-destructive hover:text-destructive"
            disabled={busy}
            aria-label={`Reject order ${order.number}`}
            onClick={onReject}
          >
            <X aria-hidden />
            Reject
          </Button>
          <Button
            className="min-h-11"
            disabled={busy}
            aria-label={`Approve order ${order.number}`}
            onClick={onApprove}
          >
            <Check aria-hidden />
            Approve
          </Button>
        </div>
      </div>
    </Card>
  );
}
