import { Button } from '@web/components/ui/button.tsx';
import { formatMoney, plural } from '@web/lib/display-format.ts';
import { ArrowDown } from 'lucide-react';

/**
 * A phone's View Cart lists every line before the order summary, so a long cart hid its total and Submit Order
 * several screens down. This bar keeps the total at the bottom while the summary is out of sight, and takes the
 * person to the summary (with its note and Submit Order) rather than submitting unseen from here.
 */
export function CartSummaryBar({
  total,
  lineCount,
  onReview,
}: {
  total: number;
  lineCount: number;
  onReview: () => void;
}) {
  return (
    <div
      data-testid="cart-summary-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-border border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/85 lg:hidden"
    >
      <div className="mx-auto flex h-[4.5rem] max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <p className="min-w-0 text-sm">
          <span className="font-semibold text-base tabular-nums">{formatMoney(total)}</span>{' '}
          <span className="text-muted-foreground">({plural(lineCount, 'line')})</span>
        </p>
        <Button size="lg" onClick={onReview}>
          Review order
          <ArrowDown aria-hidden />
        </Button>
      </div>
    </div>
  );
}
