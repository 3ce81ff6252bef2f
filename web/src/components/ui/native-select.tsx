import { cn } from '@web/lib/cn.ts';
import type * as React from 'react';

/*
 * The browser's own select, styled as the kit's Select trigger. For controls repeated in long lists (a Set PARs
 * row has two): Radix's Select mounts a provider, a collection, a portal's anchor and its icons per control, which
 * made mounting rows while scrolling or moving down the list with Enter cost long tasks on a slow tablet. And for
 * long lists of choices (time zones, Square's items): a phone opens its own picker for it, which scrolls hundreds
 * of entries and suits a thumb better than a popover. The chevron is drawn inline, without an icon component, for
 * the first reason. Its text is 16 px on phones, as the inputs' is, so that a phone does not zoom in on a tap.
 */
export function NativeSelect({
  className,
  placeholder,
  children,
  value,
  ...props
}: Omit<React.ComponentProps<'select'>, 'value'> & {
  value: string | null;
  /** Shown, and not choosable, while the value is null. */
  placeholder?: string;
}) {
  return (
    <span data-slot="native-select" className={cn('relative inline-flex', className)}>
      <select
        value={value ?? ''}
        className={cn(
          'h-11 w-full min-w-0 cursor-pointer appearance-none truncate border border-input bg-background py-0 pr-8 pl-3',
          'rounded-[var(--ui-input-radius,var(--radius))] text-base text-foreground shadow-xs outline-none md:text-sm',
          'transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          value === null && 'text-muted-foreground',
        )}
        {...props}
      >
        {value === null ? (
          <option value="" disabled hidden>
            {placeholder ?? ''}
          </option>
        ) : null}
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-50"
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </span>
  );
}
