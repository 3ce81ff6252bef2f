import type { Product } from '@engine/api-schemas.ts';
import type { StoredCountItem } from '@engine/count-item-edit.ts';
import { useLiveCountView } from '@web/features/operations/hooks/use-live-count-view.ts';
import {
  type CountItemView,
  type CountValue,
  confirmOnEnter,
  countEditFor,
} from '@web/features/operations/model/count-item-view.ts';
import { formatQuantity } from '@web/features/operations/model/quantity-text.ts';
import type { AutosaveSource } from '@web/lib/autosave/use-autosave-selection.ts';
import { memo, useId } from 'react';
import { LastCountedPart } from './last-counted-part.tsx';
import { ProductRow } from './product-row.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { sameRowProps } from './row-memo.ts';
import { RowStatusBadges } from './row-status-badge.tsx';

/** The confirm box: 24 px like the kit's checkbox, in the theme's colour; the label around it is the 44 px target. */
const NATIVE_CHECKBOX_CLASS =
  'size-6 shrink-0 cursor-pointer accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * A Count Inventory row (requirements §2): the count with − and +, and the confirm box. Changing a confirmed count
 * takes the tick away and marks the row 'Edited after confirmation' until it is ticked again. Enter confirms the
 * number in the field and moves on, so a product takes its number and one key.
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
          {par !== null ? <> · PAR {formatQuantity(par)}</> : null}
          <LastCountedPart text={lastCounted} />
        </>
      }
      controls={
        <>
          <QuantityStepper
            label={`Count of ${product.name}`}
            value={view.count}
            focusIndex={focusIndex}
            disabled={disabled}
            compact
            onChange={(count) => onEdit(product.id, countEditFor(view, { count }))}
            onEnter={(count) => {
              const edit = confirmOnEnter(view, count);
              if (edit) onEdit(product.id, edit);
            }}
          />
          <label
            htmlFor={confirmId}
            className="flex min-h-11 min-w-8 cursor-pointer items-center justify-center gap-2 sm:pl-1 text-muted-foreground text-sm has-disabled:cursor-not-allowed"
          >
            {/* A native box, not Radix's: a counting list mounts rows as it scrolls (decision 043). */}
            <input
              type="checkbox"
              id={confirmId}
              aria-label={`Confirm count of ${product.name}`}
              checked={view.confirmed && !view.editedAfterConfirm}
              disabled={disabled || view.count === null}
              onChange={(event) =>
                onEdit(product.id, countEditFor(view, { confirm: event.currentTarget.checked }))
              }
              className={NATIVE_CHECKBOX_CLASS}
            />
            {/* Never a fixed width: with another font or wider letter spacing (WCAG 1.4.12) the word broke inside.
                The minimum keeps the row from shifting as 'Confirm' becomes 'Confirmed'. */}
            <span className="hidden min-w-[9ch] whitespace-nowrap sm:inline">
              {view.confirmed && !view.editedAfterConfirm ? 'Confirmed' : 'Confirm'}
            </span>
          </label>
        </>
      }
    />
  );
}, sameRowProps);

/**
 * A Count Inventory row that follows the outbox on its own: the screen hands it the stored item and the
 * outbox, both of which keep their identity while the person types, so a keystroke renders this row alone
 * (and the list around it not at all).
 */
export const LiveCountRow = memo(function LiveCountRow({
  stored,
  outbox,
  ...row
}: Omit<Parameters<typeof CountRow>[0], 'view'> & {
  stored: StoredCountItem;
  outbox: AutosaveSource<CountValue>;
}) {
  const view = useLiveCountView(outbox, row.product.id, stored);
  return <CountRow {...row} view={view} />;
});
