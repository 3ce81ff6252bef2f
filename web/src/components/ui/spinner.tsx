import { clsx } from 'clsx';
import type * as React from 'react';
import { LoaderCircleIcon } from './first-script-icons.tsx';

export interface SpinnerProps extends Omit<React.ComponentProps<'span'>, 'children'> {
  /** Read out by screen readers, and shown beside the icon when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

/**
 * A status region, so assistive technology announces that something is loading. A `className` replaces the muted
 * colour rather than merging with it: the spinner is in the first script, which leaves tailwind-merge out.
 */
export function Spinner({ label = 'Loading', showLabel = false, className, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={showLabel ? undefined : label}
      data-slot="spinner"
      className={clsx('inline-flex items-center gap-2', className ?? 'text-muted-foreground')}
      {...props}
    >
      <LoaderCircleIcon className="size-5 animate-spin" />
      {showLabel ? <span className="text-sm">{label}</span> : null}
    </span>
  );
}
