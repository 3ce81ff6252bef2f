import type { OrderReviewFlagCode } from '@engine/order-review-flags.ts';
import type { ApprovalLine } from '@engine/order-schemas.ts';
import { cn } from '@web/lib/cn.ts';
import { formatMoney, formatQuantity } from '@web/lib/display-format.ts';
import { type AlertTriangle, Sparkles, TrendingDown, TrendingUp } from 'lucide-react';

const FLAG_ICON: Readonly<Record<OrderReviewFlagCode, typeof AlertTriangle>> = {
  first_order: Sparkles,
  under_half: TrendingDown,
  over_double: TrendingUp,
};

/**
 * The lines an approver reads: quantity beside the previous order's, with the engine's flags (under half,
 * over twice, first order) highlighted in words and colour.
 */
export function ApprovalLines({ lines, caption }: { lines: readonly ApprovalLine[]; caption: string }) {
  return (
    <table className="block w-full text-sm sm:table">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden sm:table-header-group">
        <tr className="border-border border-b text-left text-muted-foreground text-xs">
          <th scope="col" className="py-2 pr-2 pl-3 font-medium">
            Product
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            Quantity
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            Previous order
          </th>
          <th scope="col" className="py-2 pr-3 pl-2 text-right font-medium">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="block sm:table-row-group">
        {lines.map((line) => {
          const flagged = line.flags.length > 0;
          return (
            <tr
              key={line.productId}
              data-testid="approval-line"
              data-flagged={flagged || undefined}
              className={cn(
                'grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-border/60 border-b px-3 py-2 last:border-b-0 sm:table-row sm:p-0',
                flagged && 'border-l-4 border-l-warning bg-amber-50',
              )}
            >
              <th scope="row" className="col-span-2 text-left font-normal sm:py-2 sm:pr-2 sm:pl-3">
                <span className="block font-medium text-foreground">{line.productName}</span>
                <span className="block text-muted-foreground text-xs">
                  {line.category} · {line.unit}
                </span>
                {line.flags.map((flag) => {
                  const Icon = FLAG_ICON[flag.code];
                  return (
                    <span
                      key={flag.code}
                      data-flag={flag.code}
                      className="mt-1 inline-flex items-center gap-1 font-medium text-amber-800 text-xs"
                    >
                      <Icon aria-hidden className="size-3.5" />
                      {flag.message}
                    </span>
                  );
                })}
              </th>
              <td className="tabular-nums sm:px-2 sm:py-2 sm:text-right">
                <span className="text-muted-foreground sm:hidden">Qty </span>
                <span className="font-semibold">{formatQuantity(line.quantity)}</span>
                <span className="text-muted-foreground sm:hidden">
                  {' '}
                  · previous {line.previousQuantity === null ? 'none' : formatQuantity(line.previousQuantity)}
                </span>
              </td>
              <td className="hidden text-muted-foreground tabular-nums sm:table-cell sm:px-2 sm:py-2 sm:text-right">
                {line.previousQuantity === null ? (
                  <span>
                    <span aria-hidden>—</span>
                    <span className="sr-only">none</span>
                  </span>
                ) : (
                  formatQuantity(line.previousQuantity)
                )}
              </td>
              <td className="text-right tabular-nums sm:py-2 sm:pr-3 sm:pl-2">
                {formatMoney(line.lineTotal)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
