import { cn } from '@web/lib/cn.ts';
import type * as React from 'react';

/*
 * A table on wide screens that becomes a stack of cards on phones: the header row hides and each cell
 * shows its column name (`label`) before its value. The first cell (`primary`) is the card's title.
 * On phones a card is held to the screen's width (one column that may shrink to nothing) and a value breaks
 * anywhere, so one long unbroken word in a name or title wraps inside its card instead of widening the page; a
 * column name keeps its width.
 */

export function ResponsiveTable({ className, ...props }: React.ComponentProps<'table'>) {
  return <table className={cn('w-full border-collapse text-sm max-sm:block', className)} {...props} />;
}

export function ResponsiveTableHead({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead
      className={cn(
        'text-left text-xs font-medium text-muted-foreground uppercase tracking-wide max-sm:sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function ResponsiveTableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody className={cn('max-sm:grid max-sm:grid-cols-1 max-sm:gap-3', className)} {...props} />;
}

export function HeaderCell({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('border-b px-3 py-2 font-medium first:pl-0 last:pr-0', className)}
      {...props}
    />
  );
}

export function ResponsiveRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'border-b last:border-b-0 max-sm:grid max-sm:grid-cols-1 max-sm:gap-1.5 max-sm:rounded-[var(--ui-card-radius,var(--radius))]',
        'max-sm:border max-sm:bg-card max-sm:p-3 max-sm:shadow-xs max-sm:last:border-b',
        className,
      )}
      {...props}
    />
  );
}

export function ResponsiveCell({
  label,
  primary = false,
  className,
  ...props
}: React.ComponentProps<'td'> & { label?: string; primary?: boolean }) {
  return (
    <td
      data-label={primary ? undefined : label}
      className={cn(
        'px-3 py-3 align-middle first:pl-0 last:pr-0 max-sm:p-0 max-sm:[overflow-wrap:anywhere]',
        !primary &&
          'max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-muted-foreground max-sm:before:text-xs max-sm:before:content-[attr(data-label)]',
        primary && 'max-sm:pb-1',
        className,
      )}
      {...props}
    />
  );
}

/** The header over a row's buttons: named for screen readers, blank on screen. */
export function ActionsHeaderCell() {
  return (
    <HeaderCell>
      <span className="sr-only">Actions</span>
    </HeaderCell>
  );
}

/** A row's buttons: at the end of the row, and at the foot of the card on phones with no column name. */
export function ActionsCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <ResponsiveCell
      className={cn('max-sm:justify-end max-sm:pt-1 max-sm:before:content-none', className)}
      {...props}
    />
  );
}
