import type { AdminProduct } from '@engine/admin-product-schemas.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  ActionsCell,
  ActionsHeaderCell,
  HeaderCell,
  ResponsiveCell,
  ResponsiveRow,
  ResponsiveTable,
  ResponsiveTableHead,
} from '@web/features/admin/components/common/responsive-table.tsx';
import { SpacerRow } from '@web/features/admin/components/common/spacer-row.tsx';
import { useVirtualRows } from '@web/features/admin/components/common/use-virtual-rows.ts';
import { cn } from '@web/lib/cn.ts';
import { formatMoney } from '@web/lib/display-format.ts';

function ProductRow({
  product,
  onEdit,
  index,
  measure,
}: {
  product: AdminProduct;
  onEdit: (product: AdminProduct) => void;
  index: number;
  measure?: (element: HTMLTableRowElement | null) => void;
}) {
  const retired = product.retiredAt !== null;
  return (
    <ResponsiveRow
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={cn('max-sm:mb-3', retired && 'text-muted-foreground')}
    >
      <ResponsiveCell primary>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-foreground">
          <span className="min-w-0 break-words">{product.name}</span>
          {retired ? (
            <Badge variant="outline" className="text-muted-foreground">
              Retired
            </Badge>
          ) : null}
        </span>
        {product.sku ? (
          <span className="block font-mono text-xs text-muted-foreground">{product.sku}</span>
        ) : null}
      </ResponsiveCell>
      <ResponsiveCell label="Category">
        <span className="min-w-0">
          <span className="block truncate">{product.cafeOrderCategory}</span>
          {product.orderSubcategory ? (
            <span className="block truncate text-xs text-muted-foreground">{product.orderSubcategory}</span>
          ) : null}
        </span>
      </ResponsiveCell>
      <ResponsiveCell label="Unit">
        <span className="min-w-0">
          <span className="block truncate">{product.unit}</span>
          {product.vendor ? (
            <span className="block truncate text-xs text-muted-foreground">{product.vendor}</span>
          ) : null}
        </span>
      </ResponsiveCell>
      <ResponsiveCell label="Max stock" className="tabular-nums sm:text-right">
        {product.maximumStockQuantity ?? <span className="text-muted-foreground">—</span>}
      </ResponsiveCell>
      <ResponsiveCell label="Unit cost" className="tabular-nums sm:text-right">
        {formatMoney(product.unitCost)}
      </ResponsiveCell>
      <ResponsiveCell label="Daily count">
        {product.isDailyCount ? (
          <Badge variant="secondary">Daily</Badge>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </ResponsiveCell>
      <ActionsCell className="sm:text-right">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Edit ${product.name}`}
          onClick={() => onEdit(product)}
        >
          Edit
        </Button>
      </ActionsCell>
    </ResponsiveRow>
  );
}

/**
 * The catalogue as a table. From 15 products on, only the rows near the screen are rendered (spacer rows
 * keep the scroll height true), and it scrolls with the page; `aria-rowcount` gives screen readers the
 * full size. On phones each row is a card.
 */
export function ProductsTable({
  products,
  onEdit,
}: {
  products: readonly AdminProduct[];
  onEdit: (product: AdminProduct) => void;
}) {
  const { bodyRef, virtual, items, before, after, measure } = useVirtualRows({
    rows: products,
    keyOf: (product) => product.id,
    phoneRowHeight: 190,
  });

  return (
    <ResponsiveTable aria-label="Products" aria-rowcount={products.length + 1} className="sm:table-fixed">
      <colgroup className="max-sm:hidden">
        <col />
        <col className="w-[20%]" />
        <col className="w-[19%]" />
        <col className="w-16" />
        <col className="w-24" />
        <col className="w-20" />
        <col className="w-[4.5rem]" />
      </colgroup>
      <ResponsiveTableHead>
        <tr aria-rowindex={1}>
          <HeaderCell>Product</HeaderCell>
          <HeaderCell>Category</HeaderCell>
          <HeaderCell>Unit · vendor</HeaderCell>
          <HeaderCell className="text-right" title="Maximum stock">
            Max
          </HeaderCell>
          <HeaderCell className="text-right">Unit cost</HeaderCell>
          <HeaderCell>Daily</HeaderCell>
          <ActionsHeaderCell />
        </tr>
      </ResponsiveTableHead>
      <tbody ref={bodyRef} className="max-sm:block">
        {virtual ? (
          <>
            <SpacerRow height={before} columns={7} />
            {items.map((item) => {
              const product = products[item.index];
              return product ? (
                <ProductRow
                  key={item.key}
                  product={product}
                  index={item.index}
                  onEdit={onEdit}
                  measure={measure}
                />
              ) : null;
            })}
            <SpacerRow height={after} columns={7} />
          </>
        ) : (
          products.map((product, index) => (
            <ProductRow key={product.id} product={product} index={index} onEdit={onEdit} />
          ))
        )}
      </tbody>
    </ResponsiveTable>
  );
}
