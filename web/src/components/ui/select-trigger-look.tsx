import { cn } from '@web/lib/cn.ts';
import { ChevronDownIcon } from 'lucide-react';
import type * as React from 'react';

/** The closed select's classes, shared by `SelectTrigger` and the look drawn before a select's code is loaded. */
export function selectTriggerClassName(className?: string): string {
  return cn(
    'flex w-fit items-center justify-between gap-2 whitespace-nowrap border border-input bg-background px-3',
    'rounded-[var(--ui-input-radius,var(--radius))] text-sm shadow-xs outline-none transition-[color,box-shadow]',
    'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50',
    'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
    'data-[placeholder]:text-muted-foreground data-[size=md]:h-11 data-[size=sm]:h-9',
    '*:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
    className,
  );
}

/**
 * A closed select drawn without Radix, with the roles and states Radix's trigger has while closed (decision 082):
 * the same control to the eye and to a screen reader until its menu is loaded. Give it `aria-label`; put its value
 * in a `SelectValueLook`, where the select has its `SelectValue`.
 */
export function SelectTriggerLook({
  className,
  size = 'md',
  children,
  ...props
}: React.ComponentProps<'button'> & { size?: 'sm' | 'md' }) {
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-slot="select-trigger"
      data-size={size}
      data-disabled={props.disabled ? '' : undefined}
      className={selectTriggerClassName(className)}
      {...props}
    >
      {children}
      <ChevronDownIcon aria-hidden="true" className="size-4 opacity-50" />
    </button>
  );
}

/** Where `SelectValue` shows the value: Radix's span, which lets a press through to the button. */
export function SelectValueLook({ children }: { children: React.ReactNode }) {
  return <span style={{ pointerEvents: 'none' }}>{children}</span>;
}
