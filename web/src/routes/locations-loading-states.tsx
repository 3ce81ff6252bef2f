import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';

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
  const locations = useUserLocations();
  return (
    <ReadFailed
      title="Your locations could not load"
      error={locations.error}
      onRetry={locations.refetch}
      className={className}
    />
  );
}
