import { getRouteApi } from '@tanstack/react-router';
import { firstOrderPageQuery } from '@web/features/orders/api/order-pages.ts';
import { OrdersScreen } from '@web/features/orders/components/orders-screen.tsx';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import { NO_ORDER_FILTERS } from '@web/lib/orders/order-queries.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { userLocationsQueryOptions, useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { LocationsLoadError, LocationsLoading } from './locations-loading-states.tsx';
import { usePageTitle } from './use-page-title.ts';

const route = getRouteApi('/orders');

function Orders() {
  const locations = useUserLocations();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  if (locations.isPending) {
    return <LocationsLoading label="Loading orders" />;
  }
  if (locations.isError) {
    return <LocationsLoadError />;
  }
  return (
    <OrdersScreen
      locations={locations.data}
      openOrderId={search.order ?? null}
      onOpenOrder={(orderId) => void navigate({ search: orderId === null ? {} : { order: orderId } })}
    />
  );
}

/** The list opens unfiltered, at its newest page. */
export const preload: PagePreload = () => [
  userLocationsQueryOptions(),
  firstOrderPageQuery(NO_ORDER_FILTERS),
];

export default function OrdersPage() {
  usePageTitle(SCREENS.orders.title);
  return (
    <ScreenGate title={SCREENS.orders.title} permission={SCREENS.orders.permission}>
      <PageHeader
        title={SCREENS.orders.title}
        description="Every order of your cafés with its status and history. Open one to see its lines."
      />
      <Orders />
    </ScreenGate>
  );
}
