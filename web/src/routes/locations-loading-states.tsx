import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';

/** What a screen scoped to the user's locations shows while they load. */
export function LocationsLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}

/** What it shows when they cannot load: nothing of the screen can be trusted without them. */
export function LocationsLoadError({ className }: { className?: string }) {
  return (
    <Alert variant="destructive" className={cn(className)}>
      <AlertTitle>Your locations could not load</AlertTitle>
      <AlertDescription>Refresh the page to try again.</AlertDescription>
    </Alert>
  );
}
