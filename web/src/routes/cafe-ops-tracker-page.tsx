import { locationRequiredMessage } from '@engine/operations.ts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { cafeOpsQueryOptions, liveCafeOpsQueryOptions } from '@web/features/cafe-ops/api/cafe-ops.ts';
import { CafeOpsScreen } from '@web/features/cafe-ops/components/cafe-ops-screen.tsx';
import { LocationRequired } from '@web/features/home/components/location-required.tsx';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { userLocationsQueryOptions } from '@web/lib/shared-reads/user-locations.ts';
import { useValidSelectedLocation } from '@web/lib/use-valid-selected-location.ts';
import { LocationsLoadError, LocationsLoading } from './locations-loading-states.tsx';
import { cafeToday, opsDaySearch, opsDayToShow } from './ops-day-to-show.ts';
import { usePageTitle } from './use-page-title.ts';

const route = getRouteApi('/cafe-ops-tracker');

function CafeOpsTracker() {
  const selected = useValidSelectedLocation();
  const { user } = useAuth();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // Today is the café's as the server tells it (read with the page), not the device's: a phone a day behind would
  // take yesterday for today. Until that answer comes, the device's day in the café's zone stands in.
  const locationId = selected.status === 'ready' ? selected.location.id : undefined;
  const liveToday = useQuery({
    ...liveCafeOpsQueryOptions(locationId ?? 0),
    enabled: locationId !== undefined,
  }).data?.today;
  if (selected.status === 'loading' || !user) {
    return <LocationsLoading label="Loading Cafe Ops Tracker" />;
  }
  if (selected.status === 'error') {
    return <LocationsLoadError className="mx-auto max-w-2xl" />;
  }
  if (selected.status === 'none') {
    return (
      <>
        <PageHeader title={SCREENS.cafeOpsTracker.title} />
        <LocationRequired message={locationRequiredMessage(SCREENS.cafeOpsTracker.title)} />
      </>
    );
  }
  // The café is the one chosen in the header, which every screen follows; the address holds only the day.
  const { location } = selected;
  return (
    <CafeOpsScreen
      key={location.id}
      location={location}
      userId={user.id}
      day={opsDayToShow(search.day, liveToday ?? cafeToday(location.timezone))}
      onDayChange={(day) =>
        // Each day tapped is a new entry: Back (a phone's back gesture) steps to the day looked at before rather
        // than leaving the checklist, as from any page moved on from. The page stays where it was scrolled.
        void navigate({ search: opsDaySearch(day), resetScroll: false })
      }
    />
  );
}

/** Today's checklist of the café chosen in the header. */
export const preload: PagePreload = ({ locationId }) => [
  userLocationsQueryOptions(),
  ...(locationId ? [cafeOpsQueryOptions(locationId)] : []),
];

export default function CafeOpsTrackerPage() {
  usePageTitle(SCREENS.cafeOpsTracker.title);
  return (
    <ScreenGate title={SCREENS.cafeOpsTracker.title} permission={SCREENS.cafeOpsTracker.permission}>
      <CafeOpsTracker />
    </ScreenGate>
  );
}
