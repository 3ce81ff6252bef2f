import type { Product } from '@engine/api-schemas.ts';
import { MAX_ORDER_QUANTITY } from '@engine/cart-schemas.ts';
import { lineMoney } from '@engine/line-money.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { orderQuantityRule } from '@web/features/operations/model/cart-value.ts';
import { formatQuantity } from '@web/features/operations/model/quantity-text.ts';
import { formatMoney } from '@web/lib/display-format.ts';
import { memo } from 'react';
import { ProductRow } from './product-row.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { sameRowProps } from './row-memo.ts';
import { RowStatusBadges } from './row-status-badge.tsx';

export interface ShoppingRowView {
  quantity: number | null;
  suggestedQuantity: number | null;
  /** The exact need of requirements §5 when it was rounded up to whole units for the suggestion. */
  neededQuantity: number | null;
  par: number | null;
  count: number | null;
  unsaved: boolean;
  refused: string | null;
}

/** A Shopping List row: what the rule suggested beside the quantity to order, which autosaves to the cart. */
export const ShoppingRow = memo(function ShoppingRow({
  product,
  view,
  focusIndex,
  disabled,
  onEdit,
}: {
  product: Product;
  view: ShoppingRowView;
  focusIndex: number;
  disabled: boolean;
  onEdit: (productId: number, quantity: number | null) => void;
}) {
  // Rounded to cents as the cart and the order round the line, so the figure does not change on submit.
  const lineTotal = lineMoney(view.quantity ?? 0, product.unitCost);
  return (
    <ProductRow
      name={product.name}
      badges={
        <>
          {view.suggestedQuantity !== null ? (
            <Badge variant="secondary">Suggested {formatQuantity(view.suggestedQuantity)}</Badge>
          ) : null}
          {view.neededQuantity !== null && view.neededQuantity !== view.suggestedQuantity ? (
            <Badge variant="outline">Needed {formatQuantity(view.neededQuantity)} · bought whole</Badge>
          ) : null}
          <RowStatusBadges unsaved={view.unsaved} refused={view.refused} />
        </>
      }
      details={
        <>
          {product.unit} · {formatMoney(product.unitCost)} each · PAR {formatQuantity(view.par) || '—'} ·
          Count {formatQuantity(view.count) || '—'}
        </>
      }
      controls={
        <>
          <QuantityStepper
            label={`Order quantity of ${product.name}`}
            value={view.quantity}
            max={MAX_ORDER_QUANTITY}
            rule={orderQuantityRule}
            focusIndex={focusIndex}
            disabled={disabled}
            onChange={(quantity) => onEdit(product.id, quantity)}
          />
          <p className="min-w-20 whitespace-nowrap text-right text-sm tabular-nums">
            <span className="sr-only">Line total </span>
            {view.quantity ? formatMoney(lineTotal) : '—'}
          </p>
        </>
      }
    />
  );
}, sameRowProps);
