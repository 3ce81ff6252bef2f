import { cn } from '@web/lib/cn.ts';
import type * as React from 'react';

/** Like Input: 16 px text on phones so iOS does not zoom; `aria-invalid` turns the border red. */
export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-20 w-full min-w-0 rounded-[var(--ui-input-radius,var(--radius))] border border-input bg-background',
        'px-3 py-2 text-base text-foreground shadow-xs transition-[color,box-shadow] md:text-sm',
        'placeholder:text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-2',
        'focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
        className,
      )}
      {...props}
    />
  );
}
