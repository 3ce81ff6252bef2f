import { cn } from '@web/lib/cn.ts';
import type * as React from 'react';

/*
 * The browser's own select, styled as the kit's Select trigger. For controls repeated in long lists (a Set PARs
 * row has two): Radix's Select mounts a provider, a collection, a portal's anchor and its icons per control, which
 * made mounting rows while scrolling or moving down the list with Enter cost long tasks on a slow tablet. A phone
 * opens its own picker for it, which suits a thumb better than a popover. The chevron is drawn inline, without an
 * icon component, for the same reason.
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
          'rounded-[var(--ui-input-radius,var(--radius))] text-sm shadow-xs outline-none transition-[color,box-shadow]',
          'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50',
          'disabled:cursor-not-allowed disabled:opacity-50',
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
