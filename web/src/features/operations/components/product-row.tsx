import type { ReactNode } from 'react';

/**
 * One product of an operation list: its name and what is known about it on the left, its controls on the
 * right (below on phones, where the controls get the full width for thumbs).
 */
export function ProductRow({
  name,
  details,
  badges,
  controls,
}: {
  name: string;
  details: ReactNode;
  badges?: ReactNode;
  controls: ReactNode;
}) {
  return (
    <div
      data-testid="product-row"
      data-product={name}
      className="flex flex-col gap-2 border-border border-b px-4 py-3 sm:min-h-[4.75rem] sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-foreground leading-snug">
          <span>{name}</span>
          {badges}
        </p>
        <div className="mt-0.5 text-muted-foreground text-xs leading-relaxed">{details}</div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:flex-nowrap sm:justify-end">
        {controls}
      </div>
    </div>
  );
}
