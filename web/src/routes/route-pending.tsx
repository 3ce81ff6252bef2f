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

/** The whole page's spinner, while the frame of the signed-in app, or the page that stands in for it, loads. */
export function ShellPending() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading Parstock" />
    </div>
  );
}
