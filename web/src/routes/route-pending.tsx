import { Spinner } from '@web/components/ui/spinner.tsx';

/** Shown while a screen's code loads (routes are lazy chunks). */
export function RoutePending() {
  return (
    <div className="flex justify-center py-20">
      <Spinner label="Loading page" showLabel />
    </div>
  );
}
