import { opsTrackerQueryOptions } from '@web/features/ops-tracker/api/ops-tracker.ts';
import { OpsTrackerScreen } from '@web/features/ops-tracker/components/ops-tracker-screen.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { usePageTitle } from './use-page-title.ts';

/** Today's grid of every café in the user's scope. */
export const preload: PagePreload = () => [opsTrackerQueryOptions()];

export default function OpsTrackerPage() {
  usePageTitle(SCREENS.opsTracker.title);
  return (
    <ScreenGate title={SCREENS.opsTracker.title} permission={SCREENS.opsTracker.permission}>
      <OpsTrackerScreen />
    </ScreenGate>
  );
}
