import { useSearch } from '@tanstack/react-router';
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
  const { location } = useSearch({ strict: false }) as { location?: number };
  if (locations.isPending) {
    return <LocationsLoading label="Loading Approvals" />;
  }
  if (locations.isError) {
    return <LocationsLoadError />;
  }
  // A café from the link only when it is one of the user's: the filter never shows a café they cannot pick.
  const initial = locations.data.some((candidate) => candidate.id === location) ? (location ?? null) : null;
  return <ApprovalsScreen locations={locations.data} initialLocationId={initial} />;
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
