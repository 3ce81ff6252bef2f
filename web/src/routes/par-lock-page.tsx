import { locationRequiredMessage } from '@engine/operations.ts';
import { LocationRequired } from '@web/features/home/components/location-required.tsx';
import { parLocksQueryOptions } from '@web/features/par-lock/api/par-locks.ts';
import { ParLockScreen } from '@web/features/par-lock/components/par-lock-screen.tsx';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { userLocationsQueryOptions } from '@web/lib/shared-reads/user-locations.ts';
import { useValidSelectedLocation } from '@web/lib/use-valid-selected-location.ts';
import { LocationsLoadError, LocationsLoading } from './locations-loading-states.tsx';
import { usePageTitle } from './use-page-title.ts';

function ParLock() {
  const selected = useValidSelectedLocation();
  if (selected.status === 'loading') {
    return <LocationsLoading label="Loading Par Lock" />;
  }
  if (selected.status === 'error') {
    return <LocationsLoadError className="mx-auto max-w-2xl" />;
  }
  if (selected.status === 'none') {
    return (
      <>
        <PageHeader title={SCREENS.parLock.title} />
        <LocationRequired message={locationRequiredMessage(SCREENS.parLock.title)} />
      </>
    );
  }
  return <ParLockScreen key={selected.location.id} location={selected.location} />;
}

/** The locks of the café chosen in the header. */
export const preload: PagePreload = ({ locationId }) => [
  userLocationsQueryOptions(),
  ...(locationId ? [parLocksQueryOptions(locationId)] : []),
];

export default function ParLockPage() {
  usePageTitle(SCREENS.parLock.title);
  return (
    <ScreenGate title={SCREENS.parLock.title} permission={SCREENS.parLock.permission}>
      <ParLock />
    </ScreenGate>
  );
}
