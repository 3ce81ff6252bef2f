import type { OrderDetail } from '@engine/order-schemas.ts';
import { Link } from '@tanstack/react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { formatDateTime, formatMoney, plural } from '@web/lib/display-format.ts';
import { CheckCircle2 } from 'lucide-react';

function cafeParts(value: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * When an order was submitted, as the server's own "it was submitted as order … at 12:40" tells it: the café's
 * clock, "12:40" the same day there, with the date on another day.
 */
export function submittedAt(order: Pick<OrderDetail, 'createdAt' | 'location'>, now = new Date()): string {
  const value = new Date(order.createdAt);
  if (Number.isNaN(value.getTime())) return formatDateTime(order.createdAt);
  try {
    const then = cafeParts(value, order.location.timezone);
    return then.day === cafeParts(now, order.location.timezone).day
      ? then.time
      : formatDateTime(order.createdAt, order.location.timezone);
  } catch {
    // An unknown zone name: the device's clock, with the date.
    return formatDateTime(order.createdAt);
  }
}

export function SubmittedOrderNotice({
  order,
  recovered = false,
  countStarted = true,
  canViewOrders,
}: {
  order: OrderDetail;
  /** The order of a submission whose answer was lost (the page was reloaded or the connection dropped). */
  recovered?: boolean;
  /** Whether the order started the café's next count (decision 119). */
  countStarted?: boolean;
  canViewOrders: boolean;
}) {
  return (
    <Alert
      variant="info"
      live="status"
      data-testid="submitted-order"
      className="mb-6 border-success/40 bg-success/5 [&>svg]:text-success"
    >
      <CheckCircle2 aria-hidden />
      <AlertTitle>
        {recovered
          ? `Your order ${order.number} was submitted at ${submittedAt(order)}`
          : `Order ${order.number} submitted`}
      </AlertTitle>
      <AlertDescription>
        {recovered ? (
          <p>
            {plural(order.lineCount, 'line')} · {formatMoney(order.total)}. The answer to that submission did
            not reach this page; this is the order it made, and nothing was ordered twice.
          </p>
        ) : (
          <p>
            {plural(order.lineCount, 'line')} · {formatMoney(order.total)}. It now waits for approval
            {countStarted
              ? ', and the next inventory count starts fresh.'
              : '; the count under way at the café goes on.'}
          </p>
        )}
        {canViewOrders ? (
          <Button asChild variant="link" className="h-auto px-0">
            <Link to="/orders" search={{ order: order.id }}>
              View order {order.number}
            </Link>
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
