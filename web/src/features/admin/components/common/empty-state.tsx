import type { ReactNode } from 'react';

/** What a list says when it has nothing to show (none yet, or none that match). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-sm text-muted-foreground">{children}</p>;
}
