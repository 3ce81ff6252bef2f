import { Spinner } from '@web/components/ui/spinner.tsx';

/**
 * Shown while a screen's code loads (routes are lazy chunks). It fades in after a moment, so a chunk that comes
 * soon after the router's 150 ms leaves no spinner flashing (decision 079).
 */
export function RoutePending() {
  return (
    <div className="flex animate-appear justify-center py-20">
      <Spinner label="Loading page" showLabel />
    </div>
  );
}
