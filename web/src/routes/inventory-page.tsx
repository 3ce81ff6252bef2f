import { locationRequiredMessage } from '@engine/operations.ts';
import { LocationRequired } from '@web/features/home/components/location-required.tsx';
import { inventoryManagementQueryOptions } from '@web/features/inventory-management/api/inventory-management.ts';
import { InventoryManagementScreen } from '@web/features/inventory-management/components/inventory-management-screen.tsx';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { userLocationsQueryOptions } from '@web/lib/shared-reads/user-locations.ts';
import { useValidSelectedLocation } from '@web/lib/use-valid-selected-location.ts';
import { LocationsLoadError, LocationsLoading } from './locations-loading-states.tsx';
import { usePageTitle } from './use-page-title.ts';

function InventoryManagement() {
  const selected = useValidSelectedLocation();
  if (selected.status === 'loading') return <LocationsLoading label="Loading Inventory Management" />;
  if (selected.status === 'error') return <LocationsLoadError className="mx-auto max-w-2xl" />;
  if (selected.status === 'none') {
    return (
      <>
        <PageHeader title={SCREENS.inventory.title} />
        <LocationRequired message={locationRequiredMessage(SCREENS.inventory.title)} />
      </>
    );
  }
  return <InventoryManagementScreen key={selected.location.id} location={selected.location} />;
}

/** The products of the café chosen in the header. */
export const preload: PagePreload = ({ locationId }) => [
  userLocationsQueryOptions(),
  ...(locationId ? [inventoryManagementQueryOptions(locationId)] : []),
];

export default function InventoryPage() {
  usePageTitle(SCREENS.inventory.title);
  return (
    <ScreenGate title={SCREENS.inventory.title} permission={SCREENS.inventory.permission}>
      <InventoryManagement />
    </ScreenGate>
  );
}
