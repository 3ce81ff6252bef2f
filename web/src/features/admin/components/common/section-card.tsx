import { Card } from '@web/components/ui/card.tsx';
import { cn } from '@web/lib/cn.ts';
import type { ReactNode } from 'react';

/** One part of an admin page: its heading (an h2 under the page's h1), what it is for, and its actions. */
export function SectionCard({
  title,
  description,
  actions,
  children,
  className,
  headingId,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingId?: string;
}) {
  return (
    <Card
      className={cn('gap-0 py-0', className)}
      aria-labelledby={headingId}
      role={headingId ? 'region' : undefined}
    >
      <div className="flex flex-col gap-3 border-b px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base text-foreground">
            {title}
          </h2>
          {description ? (
            <p className="mt-1 text-pretty text-sm text-muted-foreground">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </Card>
  );
}
