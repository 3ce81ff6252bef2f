import { groupByVendor } from '@engine/order-by-vendor.ts';
import type { OrderLine } from '@engine/order-schemas.ts';
import { cn } from '@web/lib/cn.ts';
import { formatMoney, formatQuantity, plural } from '@web/lib/display-format.ts';
import { groupByCategory } from '@web/lib/group-by-category.ts';
import type { ReactNode } from 'react';

/** Category: how the café ordered. Vendor: how the order is placed, one vendor at a time (with SKUs). */
export type LineGrouping = 'category' | 'vendor';

export interface LineGroup<L> {
  /** Unique among the groups: the category, or the vendor ('' for none: a vendor is never blank). */
  key: string;
  title: string;
  /** The vendor of every line in the group when grouped by vendor (null: none set); null by category. */
  vendor: string | null;
  lines: L[];
  subtotal: number;
}

const NO_VENDOR = 'No vendor set';

function groupLines<L extends OrderLine>(lines: readonly L[], grouping: LineGrouping): LineGroup<L>[] {
  if (grouping === 'vendor') {
    return groupByVendor(lines).map((group) => ({
      ...group,
      key: group.vendor ?? '',
      title: group.vendor ?? NO_VENDOR,
    }));
  }
  return groupByCategory(lines).map((group) => ({
    ...group,
    key: group.category,
    title: group.category,
    vendor: null,
  }));
}

/**
 * An order's lines by category (or by vendor) with unit, quantity, unit cost (as submitted) and totals. A table
 * on wider screens; on phones each line is a small block. `renderQuantity` lets a screen put an input in place of
 * the figure (Order Management's edit).
 */
export function OrderLinesTable<L extends OrderLine>({
  lines,
  grouping = 'category',
  renderQuantity,
  renderExtra,
  renderGroupAction,
}: {
  lines: readonly L[];
  grouping?: LineGrouping;
  renderQuantity?: (line: L) => ReactNode;
  /** Extra text under the product name, e.g. approval flags. */
  renderExtra?: (line: L) => ReactNode;
  /** Beside a group's title, e.g. sending a vendor its lines. */
  renderGroupAction?: (group: LineGroup<L>) => ReactNode;
}) {
  const groups = groupLines(lines, grouping);
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => (
        <section key={group.key} aria-label={group.title}>
          <div className="mb-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-border border-b pb-1.5">
            <h3 className="font-semibold text-foreground text-sm">
              {group.title}{' '}
              <span className="font-normal text-muted-foreground">{plural(group.lines.length, 'item')}</span>
            </h3>
            <div className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
              <p className="text-muted-foreground text-sm tabular-nums">{formatMoney(group.subtotal)}</p>
              {renderGroupAction?.(group)}
            </div>
          </div>
          {/* Fixed widths, so the figures of every group line up under each other. */}
          <table className="block w-full text-sm sm:table sm:table-fixed">
            <caption className="sr-only">{group.title} lines</caption>
            <thead className="hidden sm:table-header-group">
              <tr className="text-muted-foreground text-xs">
                <th scope="col" className="py-1.5 pr-2 text-left font-medium">
                  Product
                </th>
                <th
                  scope="col"
                  className={cn('px-2 py-1.5 text-right font-medium', renderQuantity ? 'w-48' : 'w-24')}
                >
                  Quantity
                </th>
                <th scope="col" className="w-24 px-2 py-1.5 text-right font-medium">
                  Unit cost
                </th>
                <th scope="col" className="w-24 py-1.5 pl-2 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {group.lines.map((line) => (
                <tr
                  key={line.productId}
                  data-testid="order-line"
                  className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 border-border/60 border-b py-2 last:border-b-0 sm:table-row"
                >
                  <th
                    scope="row"
                    className="col-span-2 text-left font-normal sm:py-2 sm:pr-2 sm:align-middle"
                  >
                    <span className="block font-medium text-foreground">{line.productName}</span>
                    <span className="block text-muted-foreground text-xs">
                      {line.unit}
                      {grouping === 'vendor' && line.sku ? ` · SKU ${line.sku}` : null}
                      <span className="sm:hidden"> · {formatMoney(line.unitCost)}</span>
                    </span>
                    {renderExtra?.(line)}
                  </th>
                  <td className="tabular-nums sm:px-2 sm:py-2 sm:text-right sm:align-middle">
                    {renderQuantity ? (
                      renderQuantity(line)
                    ) : (
                      <>
                        <span className="text-muted-foreground sm:hidden">Qty </span>
                        <span className="font-medium">{formatQuantity(line.quantity)}</span>
                      </>
                    )}
                  </td>
                  <td className="hidden text-muted-foreground tabular-nums sm:table-cell sm:px-2 sm:py-2 sm:text-right sm:align-middle">
                    {formatMoney(line.unitCost)}
                  </td>
                  <td className="text-right font-medium tabular-nums sm:py-2 sm:pl-2 sm:align-middle">
                    {formatMoney(line.lineTotal)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
