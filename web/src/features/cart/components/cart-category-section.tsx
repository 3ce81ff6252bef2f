import type { CartLine } from '@engine/cart-schemas.ts';
import { Card } from '@web/components/ui/card.tsx';
import { formatMoney, plural } from '@web/lib/display-format.ts';
import type { CategoryGroup } from '@web/lib/group-by-category.ts';
import { type CartLineActions, CartLineRow } from './cart-line-row.tsx';

export function CartCategorySection({
  group,
  drafts,
  readOnly,
  actions,
}: {
  group: CategoryGroup<CartLine>;
  drafts: Readonly<Record<number, string>>;
  readOnly: boolean;
  actions: CartLineActions;
}) {
  const headingId = `cart-category-${group.category.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card className="gap-0 overflow-hidden py-0" aria-labelledby={headingId} role="region">
      <div className="flex items-baseline justify-between gap-3 border-border border-b bg-muted/50 px-4 py-3">
        <h2 id={headingId} className="min-w-0 font-semibold text-base text-foreground">
          {group.category}
          {/* Heard as "Espresso & Coffee, 1 item", not run together into one word. */}
          <span className="sr-only">, </span>
          <span className="ml-2 whitespace-nowrap font-normal text-muted-foreground text-sm">
            {plural(group.lines.length, 'item')}
          </span>
        </h2>
        <p className="shrink-0 text-sm tabular-nums">
          <span className="sr-only sm:not-sr-only text-muted-foreground">Subtotal </span>
          <span className="font-semibold" data-testid="category-subtotal">
            {formatMoney(group.subtotal)}
          </span>
        </p>
      </div>
      <table className="block w-full text-sm md:table md:table-fixed">
        <caption className="sr-only">{group.category} lines</caption>
        <thead className="hidden md:table-header-group">
          <tr className="border-border border-b text-muted-foreground text-xs">
            <th scope="col" className="py-2 pr-3 pl-4 text-left font-medium">
              Product
            </th>
            <th scope="col" className="w-28 px-3 py-2 text-right font-medium">
              Unit cost
            </th>
            <th scope="col" className="w-48 px-3 py-2 text-center font-medium">
              Quantity
            </th>
            <th scope="col" className="w-28 px-3 py-2 text-right font-medium">
              Line total
            </th>
            {readOnly ? null : (
              <th scope="col" className="w-14 py-2 pr-4 pl-1">
                <span className="sr-only">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {group.lines.map((line) => (
            <CartLineRow
              key={line.productId}
              line={line}
              draft={drafts[line.productId]}
              readOnly={readOnly}
              actions={actions}
            />
          ))}
        </tbody>
      </table>
    </Card>
  );
}
