import type { OrderDetail } from '@engine/order-schemas.ts';
import { Link } from '@tanstack/react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { formatMoney, plural } from '@web/lib/display-format.ts';
import { CheckCircle2 } from 'lucide-react';

export function SubmittedOrderNotice({
  order,
  canViewOrders,
}: {
  order: OrderDetail;
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
      <AlertTitle>Order {order.number} submitted</AlertTitle>
      <AlertDescription>
        <p>
          {plural(order.lineCount, 'line')} · {formatMoney(order.total)}. It now waits for approval, and the
          next inventory count starts fresh.
        </p>
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
