import { cn } from '@web/lib/cn.ts';
import type * as React from 'react';

/**
 * 44 px tall for thumbs; 16 px text on phones so iOS does not zoom the page when the field takes focus.
 * `aria-invalid` turns the border red, so the error state needs no extra class.
 */
export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-11 w-full min-w-0 rounded-[var(--ui-input-radius,var(--radius))] border border-input bg-background',
        'px-3 py-2 text-base text-foreground shadow-xs transition-[color,box-shadow] md:text-sm',
        'placeholder:text-muted-foreground file:border-0 file:bg-transparent file:font-medium file:text-sm',
        'outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
        className,
      )}
      {...props}
    />
  );
}
