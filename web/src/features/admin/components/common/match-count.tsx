import { cn } from '@web/lib/cn.ts';

/** "12 users", or "3 of 12 users" while a search or filter hides some; read out as it changes. */
export function MatchCount({
  shown,
  total,
  noun,
  className,
}: {
  shown: number;
  total: number;
  /** Plural, as it follows the count: "users". */
  noun: string;
  className?: string;
}) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)} aria-live="polite">
      {shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`}
    </p>
  );
}
