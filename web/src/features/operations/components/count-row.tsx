import type { Product } from '@engine/api-schemas.ts';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import {
  type CountItemView,
  type CountValue,
  countEditFor,
} from '@web/features/operations/model/count-item-view.ts';
import { formatQuantity } from '@web/features/operations/model/quantity-text.ts';
import { memo, useId } from 'react';
import { ProductRow } from './product-row.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { sameRowProps } from './row-memo.ts';
import { RowStatusBadges } from './row-status-badge.tsx';

/**
 * A Count Inventory row (requirements §2): the count with − and +, and the confirm box. Changing a confirmed count
 * takes the tick away and marks the row 'Edited after confirmation' until it is ticked again.
 */
export const CountRow = memo(function CountRow({
  product,
  view,
  par,
  lastCounted,
  focusIndex,
  disabled,
  onEdit,
}: {
  product: Product;
  view: CountItemView;
  par: number | null;
  lastCounted: string;
  focusIndex: number;
  disabled: boolean;
  onEdit: (productId: number, value: CountValue) => void;
}) {
  const confirmId = useId();
  const needsReconfirmation = view.confirmed && view.editedAfterConfirm;
  return (
    <ProductRow
      name={product.name}
      badges={
        <RowStatusBadges
          unsaved={view.unsaved}
          refused={view.refused}
          needsReconfirmation={needsReconfirmation}
        />
      }
      details={
        <>
          {product.unit}
          {par !== null ? <> · PAR {formatQuantity(par)}</> : null} · {lastCounted}
        </>
      }
      controls={
        <>
          <QuantityStepper
            label={`Count of ${product.name}`}
            value={view.count}
            focusIndex={focusIndex}
            disabled={disabled}
            onChange={(count) => onEdit(product.id, countEditFor(view, { count }))}
          />
          <label
            htmlFor={confirmId}
            className="flex min-h-11 cursor-pointer items-center gap-2 pl-1 text-muted-foreground text-sm has-disabled:cursor-not-allowed"
          >
            <Checkbox
              id={confirmId}
              aria-label={`Confirm count of ${product.name}`}
              checked={view.confirmed && !view.editedAfterConfirm}
              disabled={disabled || view.count === null}
              onCheckedChange={(checked) =>
                onEdit(product.id, countEditFor(view, { confirm: checked === true }))
              }
            />
            <span className="w-16">
              {view.confirmed && !view.editedAfterConfirm ? 'Confirmed' : 'Confirm'}
            </span>
          </label>
        </>
      }
    />
  );
}, sameRowProps);
