import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { cn } from '@web/lib/cn.ts';
import { AlertTriangle, RefreshCw } from 'lucide-react';

/**
 * What a screen shows where a read failed: the reason and a way to ask again. A screen never draws a zero,
 * an empty list or a default in place of data it could not read: that would look like the real answer.
 */
export function ReadFailed({
  title,
  error,
  onRetry,
  className,
}: {
  /** "Orders could not load" */
  title: string;
  error: unknown;
  onRetry: () => unknown;
  className?: string;
}) {
  return (
    <Alert variant="destructive" className={cn('text-red-700', className)}>
      <AlertTriangle aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{errorMessageForPerson(error, 'Check the connection and try again.')}</p>
        <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => onRetry()}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
