import { type OrderStepKind, orderStepKind } from '@engine/order-receipts.ts';
import type { OrderEvent } from '@engine/order-schemas.ts';
import { formatDateTime } from '@web/lib/display-format.ts';
import { ORDER_STATUS_LABELS } from './order-status-badge.tsx';

const STEP_LABELS: Record<Exclude<OrderStepKind, 'status_changed'>, string> = {
  submitted: 'Submitted',
  quantities_changed: 'Quantities changed',
  delivery_received: 'Delivery received',
  receipt_corrected: 'Delivery corrected',
  receipt_undone: 'Delivery undone',
};

function eventLabel(event: OrderEvent): string {
  const kind = orderStepKind({ from: event.fromStatus, to: event.toStatus, kind: event.kind });
  return kind === 'status_changed' ? ORDER_STATUS_LABELS[event.toStatus] : STEP_LABELS[kind];
}

/** An order's history, oldest first: what happened, who did it, when, and what they said. */
export function OrderHistory({
  events,
  timeZone,
}: {
  events: readonly OrderEvent[];
  /** The order's café: its steps are told on the café's clock, as the order is. */
  timeZone?: string;
}) {
  if (events.length === 0) return <p className="text-muted-foreground text-sm">No history yet.</p>;
  return (
    <ol className="relative flex flex-col gap-4 border-border border-l-2 pl-5" aria-label="Order history">
      {events.map((event) => (
        <li key={event.id} className="relative">
          <span
            aria-hidden
            className="-left-[1.72rem] absolute top-1.5 size-3 rounded-full border-2 border-background bg-primary"
          />
          <p className="font-medium text-foreground text-sm">
            {eventLabel(event)}
            <span className="font-normal text-muted-foreground">
              {' '}
              by {event.actor?.name ?? 'someone no longer listed'}
            </span>
          </p>
          <p className="text-muted-foreground text-xs">
            <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time>
          </p>
          {event.comment ? (
            <p className="mt-1 whitespace-pre-line rounded-md bg-muted px-3 py-2 text-foreground text-sm">
              {event.comment}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
