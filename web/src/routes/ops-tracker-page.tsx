import { getRouteApi } from '@tanstack/react-router';
import { opsTrackerQueryOptions } from '@web/features/ops-tracker/api/ops-tracker.ts';
import { OpsTrackerScreen } from '@web/features/ops-tracker/components/ops-tracker-screen.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import { localToday } from '@web/lib/local-today.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { opsDaySearch, opsDayToShow } from './ops-day-to-show.ts';
import { usePageTitle } from './use-page-title.ts';

const route = getRouteApi('/ops-tracker');

function OpsTracker() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // The cafés' days end at their own midnights; the field and its "today" are the device's day (decision 060).
  const today = localToday();
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
