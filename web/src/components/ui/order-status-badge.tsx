import type { OrderStatus } from '@engine/order-state-machine.ts';
import { cn } from '@web/lib/cn.ts';
import { Ban, CheckCircle2, CircleDashed, PackageCheck, Send, XCircle } from 'lucide-react';

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  placed: 'Placed',
  received: 'Received',
  cancelled: 'Cancelled',
};

/* Colour is never the only cue: each status also has its own icon and its name as text. */
const LOOK: Readonly<Record<OrderStatus, { className: string; Icon: typeof Send }>> = {
  submitted: { className: 'border-warning/40 bg-warning/10 text-amber-800', Icon: CircleDashed },
  approved: { className: 'border-primary/30 bg-primary/10 text-blue-800', Icon: CheckCircle2 },
  rejected: { className: 'border-destructive/30 bg-destructive/10 text-red-800', Icon: XCircle },
  placed: { className: 'border-violet-300 bg-violet-50 text-violet-800', Icon: Send },
  received: { className: 'border-success/30 bg-success/10 text-green-800', Icon: PackageCheck },
  cancelled: { className: 'border-border bg-muted text-slate-700', Icon: Ban },
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { className: look, Icon } = LOOK[status];
  return (
    <span
      data-slot="order-status"
      data-status={status}
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5',
        'font-medium text-xs',
        look,
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
