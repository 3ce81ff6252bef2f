import type { CartLine } from '@engine/cart-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { QuantityInput } from '@web/components/ui/quantity-input.tsx';
import { formatMoney, formatQuantity } from '@web/lib/display-format.ts';
import { parseQuantity } from '@web/lib/parse-quantity.ts';
import { Trash2 } from 'lucide-react';
import { memo } from 'react';

/**
 * What a line's field and button do, keyed by product: one object for every line of the screen, unchanged while
 * the screen lives, so a keystroke redraws only its own line (a café's long list has hundreds).
 */
export interface CartLineActions {
  /** A line's field took the focus, with the quantity stored then. */
  begin: (productId: number, stored: number) => void;
  change: (productId: number, text: string) => void;
  commit: (productId: number) => void;
  remove: (productId: number) => void;
}

/**
 * One cart line: a table row on wider screens, a small card on phones (the cells stack in a grid and each
 * figure carries its own label there).
 */
export const CartLineRow = memo(function CartLineRow({
  line,
  draft,
  readOnly,
  actions,
}: {
  line: CartLine;
  draft: string | undefined;
  readOnly: boolean;
  actions: CartLineActions;
}) {
  const onCommit = () => actions.commit(line.productId);
  const text = draft ?? String(line.quantity);
  const check = parseQuantity(text);
  const errorId = `cart-line-${line.productId}-error`;
  return (
    <tr
      data-testid="cart-line"
      className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 border-border border-b px-4 py-3 last:border-b-0 md:table-row md:px-0 md:py-0"
    >
      <th scope="row" className="text-left font-normal md:py-2.5 md:pr-3 md:pl-4 md:align-middle">
        <span className="block font-medium text-foreground">{line.productName}</span>
        <span className="block text-muted-foreground text-xs">
          {line.unit}
          <span className="md:hidden"> · {formatMoney(line.unitCost)}</span>
          {line.suggestedQuantity !== null && line.suggestedQuantity !== line.quantity ? (
            <> · suggested {formatQuantity(line.suggestedQuantity)}</>
          ) : null}
          {line.neededQuantity !== null && line.neededQuantity !== line.suggestedQuantity ? (
            <> · needed {formatQuantity(line.neededQuantity)}, rounded up to whole units</>
          ) : null}
        </span>
        {line.orderable ? null : (
          <span className="mt-1 block font-medium text-destructive text-xs">
            No longer ordered here{readOnly ? '' : ': remove it to submit the order'}
          </span>
        )}
      </th>
      <td className="hidden text-muted-foreground text-sm tabular-nums md:table-cell md:px-3 md:py-2.5 md:text-right">
        {formatMoney(line.unitCost)}
      </td>
      <td className="row-start-2 md:px-3 md:py-2.5 md:text-center">
        {readOnly ? (
          <span className="font-medium tabular-nums">
            <span className="font-normal text-muted-foreground text-sm md:hidden">Quantity </span>
            {formatQuantity(line.quantity)}
          </span>
        ) : (
          <div className="flex flex-col gap-1 md:items-center">
            <QuantityInput
              value={text}
              onValueChange={(typed) => actions.change(line.productId, typed)}
              onStepToZero={() => actions.remove(line.productId)}
              label={`Quantity of ${line.productName}`}
              invalid={!check.ok}
              inputProps={{
                onFocus: () => actions.begin(line.productId, line.quantity),
                onBlur: onCommit,
                onKeyDown: (event) => {
                  if (event.key === 'Enter') onCommit();
                },
                'aria-describedby': check.ok ? undefined : errorId,
              }}
            />
            {check.ok ? null : (
              <p id={errorId} className="max-w-48 text-destructive text-xs">
                {check.message}
              </p>
            )}
          </div>
        )}
      </td>
      <td className="row-start-2 text-right font-semibold tabular-nums md:px-3 md:py-2.5 md:font-medium">
        <span className="sr-only md:hidden">Line total </span>
        {formatMoney(line.lineTotal)}
      </td>
      {readOnly ? null : (
        <td className="col-start-2 row-start-1 -mr-2 text-right md:mr-0 md:py-2.5 md:pr-4 md:pl-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-11 text-muted-foreground hover:text-destructive md:size-9 md:min-h-9 md:min-w-9"
            aria-label={`Remove ${line.productName}`}
            onClick={() => actions.remove(line.productId)}
          >
            <Trash2 aria-hidden />
          </Button>
        </td>
      )}
    </tr>
  );
});
