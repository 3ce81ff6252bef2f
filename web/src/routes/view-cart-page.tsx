import { locationRequiredMessage } from '@engine/operations.ts';
import { useNavigate } from '@tanstack/react-router';
import { CartScreen } from '@web/features/cart/components/cart-screen.tsx';
import { LocationRequired } from '@web/features/home/components/location-required.tsx';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import { cartQuery } from '@web/lib/cart/cart-api.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { userLocationsQueryOptions } from '@web/lib/shared-reads/user-locations.ts';
import { storeSelectedAction } from '@web/lib/storage/selected-action.ts';
import { useValidSelectedLocation } from '@web/lib/use-valid-selected-location.ts';
import { LocationsLoadError, LocationsLoading } from './locations-loading-states.tsx';
import { usePageTitle } from './use-page-title.ts';

function ViewCart() {
  const selected = useValidSelectedLocation();
  const { has, ready } = usePermissions();
  const { user } = useAuth();
  const navigate = useNavigate();
  if (selected.status === 'loading' || !ready || !user) {
    return <LocationsLoading label="Loading View Cart" />;
  }
  if (selected.status === 'error') {
    return <LocationsLoadError className="mx-auto max-w-2xl" />;
  }
  if (selected.status === 'none') {
    return (
      <>
        <PageHeader title={SCREENS.viewCart.title} />
        <LocationRequired message={locationRequiredMessage(SCREENS.viewCart.title)} />
      </>
    );
  }
  return (
    <CartScreen
      // A different café is a different cart: typed quantities and the submission start over.
      key={selected.location.id}
      location={selected.location}
      userId={user.id}
      canSubmit={has('submit_orders')}
      canViewOrders={has('view_orders')}
      onOpenShoppingList={() => {
        storeSelectedAction('shopping_list');
        void navigate({ to: '/' });
      }}
    />
  );
}

/** The cart of the café chosen in the header. */
export const preload: PagePreload = ({ locationId }) => [
  userLocationsQueryOptions(),
  ...(locationId ? [cartQuery(locationId)] : []),
];

export default function ViewCartPage() {
  usePageTitle(SCREENS.viewCart.title);
  return (
    <ScreenGate title={SCREENS.viewCart.title} permission={SCREENS.viewCart.permission}>
      <ViewCart />
    </ScreenGate>
  );
}
