import { cn } from '@web/lib/cn.ts';
import { ChevronDown } from 'lucide-react';
import type * as React from 'react';

/**
 * A native <select> styled like the inputs, for long lists (time zones): the phone's own picker scrolls
 * hundreds of entries far better than a custom list does.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'h-11 w-full min-w-0 appearance-none rounded-[var(--ui-input-radius,var(--radius))] border border-input',
          'bg-background py-2 pr-9 pl-3 text-base text-foreground shadow-xs outline-none md:text-sm',
          'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-50"
      />
    </div>
  );
}
