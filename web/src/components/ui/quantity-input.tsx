import { readTypedDecimal } from '@engine/input/quantity.ts';
import { cn } from '@web/lib/cn.ts';
import { Minus, Plus } from 'lucide-react';
import type * as React from 'react';
import { Button } from './button.tsx';
import { Input } from './input.tsx';

/**
 * Next value for the minus and plus buttons: whole steps, never below zero, from what is typed (empty is 0).
 * Text that is no quantity (`0x10`, or `2,500`, which may mean 2500 or 2.5) stays as it is: the field says why,
 * and a step from a guess would hide that.
 */
export function stepQuantity(text: string, delta: number): string {
  const typed = readTypedDecimal(text);
  if (typed.kind === 'not-a-number' || typed.kind === 'ambiguous-comma') return text;
  const base = typed.kind === 'number' || typed.kind === 'negative' ? typed.value : 0;
  return String(Math.max(0, Math.round((base + delta) * 100) / 100));
}

/**
 * A quantity with minus and plus buttons for thumbs; typing is free-form text (decimal keyboard on
 * phones), checked by the caller with the engine's schema. `label` names all three controls.
 */
export function QuantityInput({
  value,
  onValueChange,
  label,
  invalid = false,
  disabled = false,
  className,
  inputProps,
  onStepToZero,
}: {
  value: string;
  onValueChange: (value: string) => void;
  /**
   * Minus pressed down to 0, where 0 means "none" (a cart line): called instead of `onValueChange`, so the caller
   * removes the line at once; a typed 0 waits for the field to be left, a press has no field being left.
   */
  onStepToZero?: () => void;
  /** e.g. "Quantity of Oat Milk" */
  label: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  inputProps?: Omit<React.ComponentProps<'input'>, 'value' | 'onChange'>;
}) {
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-11 md:size-9 md:min-h-9 md:min-w-9"
        aria-label={`Decrease ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        disabled={disabled || Number(value) <= 0}
        onClick={() => {
          const next = stepQuantity(value, -1);
          if (onStepToZero && Number(next) === 0) onStepToZero();
          else onValueChange(next);
        }}
      >
        <Minus aria-hidden />
      </Button>
      <Input
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="h-11 w-20 text-center tabular-nums md:h-9"
        {...inputProps}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-11 md:size-9 md:min-h-9 md:min-w-9"
        aria-label={`Increase ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        disabled={disabled}
        onClick={() => onValueChange(stepQuantity(value, 1))}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
