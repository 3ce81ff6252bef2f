import { OrderManagementScreen } from '@web/features/order-management/components/order-management-screen.tsx';
import { MANAGED_STATUSES } from '@web/features/order-management/order-actions.ts';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import { ordersQuery } from '@web/lib/orders/order-queries.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { userLocationsQueryOptions, useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { LocationsLoadError, LocationsLoading } from './locations-loading-states.tsx';
import { usePageTitle } from './use-page-title.ts';

function OrderManagement() {
  const locations = useUserLocations();
  if (locations.isPending) {
    return <LocationsLoading label="Loading Order Management" />;
  }
  if (locations.isError) {
    return <LocationsLoadError />;
  }
  return <OrderManagementScreen locations={locations.data} />;
}

/** Each status tab opens on every café. */
export const preload: PagePreload = () => [
  userLocationsQueryOptions(),
  ...MANAGED_STATUSES.map((status) => ordersQuery({ status, locationId: null })),
];

export default function OrderManagementPage() {
  usePageTitle(SCREENS.orderManagement.title);
  return (
    <ScreenGate title={SCREENS.orderManagement.title} permission={SCREENS.orderManagement.permission}>
      <PageHeader
        title={SCREENS.orderManagement.title}
        description="Orders between submission and delivery: edit what is still waiting, cancel, mark placed and receive."
      />
      <OrderManagement />
    </ScreenGate>
  );
}
