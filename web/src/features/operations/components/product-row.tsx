import { cn } from '@web/lib/cn.ts';
import type { ReactNode } from 'react';

/**
 * One product of an operation list: its name and what is known about it on the left, its controls on the
 * right. On a phone a counting row keeps one compact line (name in at most two lines, details in one), so
 * seven or more rows fit between the header and the bottom bar; rows with more controls than a phone line
 * holds (`stacked`, Set PARs) put them below the name at full width for thumbs.
 */
export function ProductRow({
  name,
  details,
  badges,
  controls,
  secondary,
  secondaryHiddenOnPhone = false,
  stacked = false,
}: {
  name: string;
  details: ReactNode;
  badges?: ReactNode;
  controls: ReactNode;
  /** More controls: on their own line below on a phone, before `controls` on wider screens. */
  secondary?: ReactNode;
  /** The row puts `secondary` somewhere else on a phone (Set PARs: a dialog), so the row keeps one line. */
  secondaryHiddenOnPhone?: boolean;
  stacked?: boolean;
}) {
  return (
    <div
      data-testid="product-row"
      data-product={name}
      className={cn(
        // Contained: a row's layout and paint stay its own while the list mounts others beside it.
        'flex border-border border-b [contain:content] sm:min-h-[4.75rem] sm:flex-row sm:flex-nowrap sm:items-center sm:gap-4 sm:px-4 sm:py-3',
        stacked ? 'flex-col gap-2 px-4 py-3' : 'flex-row flex-wrap items-center gap-x-2 gap-y-1.5 px-3 py-1',
      )}
    >
      {/* At least 6.5 rem for the name on a phone: where the controls leave less (Nightly Counts at 320 px)
          they wrap below it rather than leave "Blueberr" of "Blueberry Muffin"; elsewhere they share its line. */}
      <div className={cn('min-w-0 flex-1', !stacked && 'min-w-[6.5rem] sm:min-w-0')}>
        <p
          className={cn(
            'flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-foreground sm:text-base sm:leading-snug',
            stacked ? 'text-sm leading-5' : 'text-[0.8125rem] leading-4',
          )}
        >
          <span className={stacked ? undefined : 'line-clamp-2 sm:line-clamp-none'}>{name}</span>
          {badges}
        </p>
        <div
          className={cn(
            'text-muted-foreground text-xs leading-4 sm:mt-0.5 sm:leading-relaxed',
            !stacked && 'truncate sm:whitespace-normal',
          )}
        >
          {details}
        </div>
      </div>
      {secondary ? (
        <div
          className={cn(
            'order-last w-full items-center gap-2 sm:order-none sm:flex sm:w-auto',
            secondaryHiddenOnPhone ? 'hidden' : 'flex',
          )}
        >
          {secondary}
        </div>
      ) : null}
      <div
        className={cn(
          'flex items-center sm:flex-nowrap sm:justify-end sm:gap-x-3',
          stacked ? 'flex-wrap justify-between gap-x-3 gap-y-2' : 'ml-auto shrink-0 gap-x-1',
        )}
      >
        {controls}
      </div>
    </div>
  );
}
