import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { opsTrackerQueryOptions } from '@web/features/ops-tracker/api/ops-tracker.ts';
import { OpsTrackerScreen } from '@web/features/ops-tracker/components/ops-tracker-screen.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { cafesToday, latestCafeDay, opsDaySearch, opsDayToShow } from './ops-day-to-show.ts';
import { usePageTitle } from './use-page-title.ts';

const route = getRouteApi('/ops-tracker');

function OpsTracker() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const locations = useUserLocations();
  const live = useQuery(opsTrackerQueryOptions());
  // The cafés' days end at their own midnights; the field's "today" is the latest of theirs (decision 060), as the
  // server's clock has them in today's grid: a device whose clock runs ahead must not offer a day not yet begun.
  // Until that grid is read, the device's clock stands in.
  const today = latestCafeDay(live.data?.rows) ?? cafesToday(locations.data ?? []);
  return (
    <OpsTrackerScreen
      day={opsDayToShow(search.day, today)}
      today={today}
      onDayChange={(typed) =>
        // Each day chosen is a new entry: a manager comparing days steps back to the one before with Back, as
        // from any page they moved on from, rather than leaving the tracker. The page stays where it was scrolled.
        void navigate({ search: opsDaySearch(opsDayToShow(typed, today)), resetScroll: false })
      }
    />
  );
}

/** Today's grid of every café in the user's scope. */
export const preload: PagePreload = () => [opsTrackerQueryOptions()];

export default function OpsTrackerPage() {
  usePageTitle(SCREENS.opsTracker.title);
  return (
    <ScreenGate title={SCREENS.opsTracker.title} permission={SCREENS.opsTracker.permission}>
      <OpsTracker />
    </ScreenGate>
  );
}
