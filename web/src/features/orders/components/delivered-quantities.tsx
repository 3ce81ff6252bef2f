import { farAboveOrdered } from '@engine/far-above-ordered.ts';
import type { OrderLine } from '@engine/order-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { QuantityInput } from '@web/components/ui/quantity-input.tsx';
import { formatQuantity } from '@web/lib/display-format.ts';
import { parseQuantity } from '@web/lib/parse-quantity.ts';

/** What a typed received quantity says, with the receiving words for a blank. */
function check(text: string) {
  return text.trim() === ''
    ? { ok: false as const, message: 'Enter what came; 0 if none did.' }
    : parseQuantity(text);
}

/**
 * The lines of a delivery as the request sends them: each with what came when that is not what was ordered, or
 * null while a typed quantity is not a quantity. `counted` null: everything came as ordered.
 */
export function delivered(
  lines: readonly OrderLine[],
  counted: Readonly<Record<number, string>> | null,
): { productId: number; quantity?: number }[] | null {
  const result: { productId: number; quantity?: number }[] = [];
  for (const line of lines) {
    const text = counted?.[line.productId];
    if (text === undefined) {
      result.push({ productId: line.productId });
      continue;
    }
    const typed = check(text);
    if (!typed.ok) return null;
    result.push(
      typed.quantity === line.quantity
        ? { productId: line.productId }
        : { productId: line.productId, quantity: typed.quantity },
    );
  }
  return result;
}

const came = (quantity: number) => (quantity === 0 ? 'none' : formatQuantity(quantity));

/**
 * The lines sent whose recorded quantity is not what was sent: received before, on another phone or tab, with
 * other quantities (the server receives a line once): "Skim Milk 2 (you typed 1)".
 */
export function recordedOtherwise(
  sent: readonly { productId: number; quantity?: number }[],
  answer: readonly OrderLine[],
): string[] {
  const now = new Map(answer.map((line) => [line.productId, line]));
  return sent.flatMap(({ productId, quantity }) => {
    const line = now.get(productId);
    if (!line || line.receivedQuantity === null) return [];
    const typed = quantity ?? line.quantity;
    return line.receivedQuantity === typed
      ? []
      : [`${line.productName} ${came(line.receivedQuantity)} (you typed ${came(typed)})`];
  });
}

/**
 * The lines of a correction as the request sends them: each line whose typed quantity differs from the one
 * recorded, or null while a typed quantity is not a quantity. An empty list: nothing was changed.
 */
export function corrected(
  lines: readonly OrderLine[],
  counted: Readonly<Record<number, string>>,
): { productId: number; quantity: number }[] | null {
  const result: { productId: number; quantity: number }[] = [];
  for (const line of lines) {
    const text = counted[line.productId];
    if (text === undefined) continue;
    const typed = check(text);
    if (!typed.ok) return null;
    if (typed.quantity !== line.receivedQuantity)
      result.push({ productId: line.productId, quantity: typed.quantity });
  }
  return result;
}

/** Each line's typed quantity, starting from `start`; "ordered 4" (and what was recorded, for a correction) beside it. */
export function WhatCameList({
  lines,
  counted,
  onCountedChange,
  start,
  note,
}: {
  lines: readonly OrderLine[];
  counted: Readonly<Record<number, string>>;
  onCountedChange: (counted: Record<number, string>) => void;
  start: (line: OrderLine) => number;
  note: (line: OrderLine) => string;
}) {
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 font-medium text-sm">What came</legend>
      <ul className="grid divide-y divide-border/60 rounded-md border">
        {lines.map((line) => {
          const text = counted[line.productId] ?? String(start(line));
          const typed = check(text);
          return (
            <li key={line.productId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium text-sm">{line.productName}</p>
                <p className="text-muted-foreground text-xs">
                  {line.unit} · {note(line)}
                </p>
                {typed.ok ? null : <p className="text-destructive text-xs">{typed.message}</p>}
                {typed.ok && farAboveOrdered(typed.quantity, line.quantity) ? (
                  <p className="text-warning text-xs">
                    {formatQuantity(typed.quantity)} is far more than the {formatQuantity(line.quantity)}{' '}
                    ordered: check the number.
                  </p>
                ) : null}
              </div>
              <QuantityInput
                value={text}
                label={`Received quantity of ${line.productName}`}
                invalid={!typed.ok}
                onValueChange={(value) => onCountedChange({ ...counted, [line.productId]: value })}
              />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** A typed quantity is not one: its field says why, and may be scrolled out of sight in a long delivery. */
export function focusFirstBadQuantity(): void {
  document.querySelector<HTMLInputElement>('[role="dialog"] input[aria-invalid="true"]')?.focus();
}

/** "from Valley Fresh Dairy", or "with no vendor set": how a vendor's lines are named in the order's dialogs. */
export function fromVendor(vendor: string | null): string {
  return vendor ? `from ${vendor}` : 'with no vendor set';
}

/** "ordered 4": what a line of a delivery being received is measured against. */
export function orderedNote(line: OrderLine): string {
  return `ordered ${formatQuantity(line.quantity)}`;
}

/**
 * In the receive dialog: "Something came short or extra?" opens each line's quantity, filled with what was
 * ordered, so only the lines that differ need a touch.
 */
export function DeliveredQuantities({
  lines,
  counted,
  onCountedChange,
}: {
  lines: readonly OrderLine[];
  counted: Readonly<Record<number, string>> | null;
  onCountedChange: (counted: Record<number, string>) => void;
}) {
  if (counted === null) {
    return (
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() =>
          onCountedChange(Object.fromEntries(lines.map((line) => [line.productId, String(line.quantity)])))
        }
      >
        Something came short or extra?
      </Button>
    );
  }
  return (
    <WhatCameList
      lines={lines}
      counted={counted}
      onCountedChange={onCountedChange}
      start={(line) => line.quantity}
      note={orderedNote}
    />
  );
}
