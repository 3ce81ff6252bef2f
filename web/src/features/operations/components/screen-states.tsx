import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { AlertTriangle, Loader2, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';

export function ScreenLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-20">
      <Spinner label={label} showLabel />
    </div>
  );
}

export function ScreenLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" className="mx-auto max-w-2xl">
      <AlertTriangle aria-hidden />
      <AlertTitle>{what} could not load</AlertTitle>
      <AlertDescription>
        <p>Check the connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={onRetry}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** 'Loading more inventory...': the list is drawn from the catalogue while the café's numbers arrive. */
export function LoadingMoreInventory() {
  return (
    <div className="mb-3 flex items-center gap-2 text-muted-foreground text-sm" role="status">
      <Loader2 aria-hidden className="size-4 animate-spin" />
      <span>Loading more inventory...</span>
    </div>
  );
}

/** Where a list would be when the operation has no products to show. */
export function NoProductsNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-border border-dashed bg-card px-6 py-14 text-center text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * A read the screen needs has failed: the error text (requirements §8 where one is fixed) and Retry. The
 * screen shows no figure in its place; its fields stay empty and disabled until the read succeeds.
 */
export function ReadError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive" data-testid="read-error">
      <AlertTriangle aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message ?? 'Check the connection, then retry.'}</p>
        <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={onRetry}>
          <RefreshCw aria-hidden />
          Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}
