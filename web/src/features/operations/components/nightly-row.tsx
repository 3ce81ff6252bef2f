import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { confirmOnEnter } from '@web/features/operations/model/count-item-view.ts';
import type { SquareFigureView } from '@web/features/operations/model/square-figure-view.ts';
import { memo, useId } from 'react';
import { LastCountedPart } from './last-counted-part.tsx';
import { ProductRow } from './product-row.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { sameRowProps } from './row-memo.ts';
import { RowStatusBadges } from './row-status-badge.tsx';
import { SquareFigure } from './square-figure.tsx';

export interface NightlyRowView {
  count: number | null;
  confirmed: boolean;
  squareQuantity: number | null;
  unsaved: boolean;
  refused: string | null;
}

/**
 * A Nightly Counts row (requirements §2): the count with + and −, the confirm check, and Square's on-hand figure,
 * which is '—' while Square is not connected: no figure is ever made up.
 */
export const NightlyRow = memo(function NightlyRow({
  productId,
  name,
  unit,
  view,
  lastCounted,
  focusIndex,
  disabled,
  onEdit,
  square,
}: {
  productId: number;
  name: string;
  unit: string;
  view: NightlyRowView;
  lastCounted: string;
  focusIndex: number;
  disabled: boolean;
  onEdit: (productId: number, value: { count: number | null; confirmed: boolean }) => void;
  /** Square's figure and the variance (decision 024). */
  square: SquareFigureView;
}) {
  const confirmId = useId();
  return (
    <ProductRow
      name={name}
      badges={<RowStatusBadges unsaved={view.unsaved} refused={view.refused} />}
      details={
        <>
          {unit}
          <LastCountedPart text={lastCounted} />
        </>
      }
      controls={
        <>
          <QuantityStepper
            label={`Count of ${name}`}
            value={view.count}
            focusIndex={focusIndex}
            disabled={disabled}
            compact="narrow"
            onChange={(count) => onEdit(productId, { count, confirmed: false })}
            onEnter={(count) => {
              const edit = confirmOnEnter({ ...view, editedAfterConfirm: false }, count);
              if (edit) onEdit(productId, edit);
            }}
          />
          <label
            htmlFor={confirmId}
            className="flex min-h-11 min-w-8 cursor-pointer items-center justify-center gap-2 sm:pl-1 text-muted-foreground text-sm has-disabled:cursor-not-allowed"
          >
            <Checkbox
              id={confirmId}
              aria-label={`Confirm count of ${name}`}
              checked={view.confirmed}
              disabled={disabled || view.count === null}
              onCheckedChange={(checked) =>
                onEdit(productId, { count: view.count, confirmed: checked === true })
              }
            />
            {/* Never a fixed width: with another font or wider letter spacing (WCAG 1.4.12) the word broke inside.
                The minimum keeps the row from shifting as 'Confirm' becomes 'Confirmed'. */}
            <span className="hidden min-w-[9ch] whitespace-nowrap sm:inline">
              {view.confirmed ? 'Confirmed' : 'Confirm'}
            </span>
          </label>
          <SquareFigure view={square} />
        </>
      }
    />
  );
}, sameRowProps);
