import { approvalsQuery } from '@web/features/approvals/api/approvals.ts';
import { ApprovalsScreen } from '@web/features/approvals/components/approvals-screen.tsx';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { userLocationsQueryOptions, useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { LocationsLoadError, LocationsLoading } from './locations-loading-states.tsx';
import { usePageTitle } from './use-page-title.ts';

function Approvals() {
  const locations = useUserLocations();
  if (locations.isPending) {
    return <LocationsLoading label="Loading Approvals" />;
  }
  if (locations.isError) {
    return <LocationsLoadError />;
  }
  return <ApprovalsScreen locations={locations.data} />;
}

/** The screen opens on every café's pending orders. */
export const preload: PagePreload = () => [userLocationsQueryOptions(), approvalsQuery(null)];

export default function ApprovalsPage() {
  usePageTitle(SCREENS.approvals.title);
  return (
    <ScreenGate title={SCREENS.approvals.title} permission={SCREENS.approvals.permission}>
      <PageHeader
        title={SCREENS.approvals.title}
        description="Orders waiting for a decision. Lines far from the last order, or never ordered before, are flagged."
      />
      <Approvals />
    </ScreenGate>
  );
}
