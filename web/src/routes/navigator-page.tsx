import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { reportDistrictsQuery } from '@web/features/navigator/api/report-query.ts';
import { NavigatorScreen } from '@web/features/navigator/components/navigator-screen.tsx';
import { type NavigatorView, navigatorView } from '@web/features/navigator/model/navigator-search.ts';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { userLocationsQueryOptions, useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { LocationsLoadError, LocationsLoading } from './locations-loading-states.tsx';
import { cafesToday } from './ops-day-to-show.ts';
import { usePageTitle } from './use-page-title.ts';

const route = getRouteApi('/navigator');

function Navigator() {
  const locations = useUserLocations();
  // Without the districts the screen still works by open café; the district picker and the closed cafés whose
  // history the reports read appear once they arrive.
  const districts = useQuery(reportDistrictsQuery());
  const search = route.useSearch();
  const navigate = route.useNavigate();
  if (locations.isPending) return <LocationsLoading label="Loading your cafés" />;
  if (locations.isError) return <LocationsLoadError />;
  // The cafés' today, not the device's: a browser ahead of every café would default the range to tomorrow.
  const view = navigatorView(search, cafesToday(locations.data));
  const change = (next: Partial<NavigatorView>) => {
    // `district: undefined` in `next` clears it (a café was picked), so the spread must not skip it.
    const merged = { ...view, ...next };
    void navigate({
      search: {
        report: merged.report,
        from: merged.from,
        to: merged.to,
        ...(merged.locations.length ? { locations: merged.locations } : {}),
        ...(merged.district === undefined || merged.locations.length ? {} : { district: merged.district }),
      },
      replace: next.report === undefined,
    });
  };
  return (
    <NavigatorScreen
      view={view}
      locations={locations.data}
      closedCafes={districts.data?.closedCafes ?? []}
      districts={districts.data?.districts ?? []}
      onChange={change}
    />
  );
}

/** The cafés load with the page's code; the report waits for the URL's range (a year of usage is not cheap). */
export const preload: PagePreload = () => [userLocationsQueryOptions(), reportDistrictsQuery()];

export default function NavigatorPage() {
  usePageTitle(SCREENS.navigator.title);
  return (
    <ScreenGate title={SCREENS.navigator.title} permission={SCREENS.navigator.permission}>
      <PageHeader
        title={SCREENS.navigator.title}
        description="Reports on your cafés over the days you choose: a chart, the table behind it, and its CSV."
      />
      <Navigator />
    </ScreenGate>
  );
}
