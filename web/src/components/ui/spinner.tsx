import { cn } from '@web/lib/cn.ts';
import { Loader2 } from 'lucide-react';
import type * as React from 'react';

export interface SpinnerProps extends Omit<React.ComponentProps<'span'>, 'children'> {
  /** Read out by screen readers, and shown beside the icon when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

/** A status region, so assistive technology announces that something is loading. */
export function Spinner({ label = 'Loading', showLabel = false, className, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={showLabel ? undefined : label}
      data-slot="spinner"
      className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}
      {...props}
    >
      <Loader2 aria-hidden="true" className="size-5 animate-spin" />
      {showLabel ? <span className="text-sm">{label}</span> : null}
    </span>
  );
}
