import type { AuthUser, Location } from '@engine/api-schemas.ts';
import {
  canRunOperation,
  isValidLocation,
  locationRequiredMessage,
  OPERATIONS,
  type OperationKey,
} from '@engine/operations.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import {
  useChooseOperation,
  useOperationHistory,
  useSelectedAction,
} from '@web/lib/storage/selected-action.ts';
import { useSelectedLocation } from '@web/lib/storage/selected-location.ts';
import type { ReactNode } from 'react';
import { LocationRequired } from './location-required.tsx';
import { WelcomePanel } from './welcome-panel.tsx';

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-20">
      <Spinner label={label} />
    </div>
  );
}

/**
 * The main screen (requirements §2): with no operation, the welcome panel; with an operation that needs a
 * location and none valid, the 'Location Required' notice; otherwise the operation itself. The choice of
 * operation and location follows operationChanged, locationChanged and other tabs' storage events.
 */
export function HomeScreen({
  user,
  renderOperation,
}: {
  user: AuthUser;
  /** The operation screen itself; the route composes it, since features do not import each other. */
  renderOperation: (props: { operation: OperationKey; location: Location; onLeave: () => void }) => ReactNode;
}) {
  const [action] = useSelectedAction();
  const chooseOperation = useChooseOperation();
  useOperationHistory();
  const [stored] = useSelectedLocation();
  const locations = useUserLocations();
  const { granted, ready } = usePermissions();

  if (!action) return <WelcomePanel user={user} onChooseOperation={chooseOperation} />;
  if (!ready) return <Loading label="Loading" />;

  const name = OPERATIONS[action].name;
  if (!canRunOperation(action, granted)) {
    // A choice left in storage from someone else's session, or a role that changed since.
    return (
      <div className="mx-auto max-w-2xl">
        <Alert variant="warning" live="status">
          <AlertTitle>You don't have access to {name}</AlertTitle>
          <AlertDescription>
            Choose another operation from the menu, or ask your administrator.
          </AlertDescription>
        </Alert>
        <WelcomePanel user={user} onChooseOperation={chooseOperation} />
      </div>
    );
  }

  if (OPERATIONS[action].needsLocation) {
    if (locations.isPending) return <Loading label="Loading locations" />;
    if (locations.isError) {
      return (
        <ReadFailed
          title="Your locations could not load"
          error={locations.error}
          onRetry={locations.refetch}
          className="mx-auto max-w-2xl"
        />
      );
    }
    if (!isValidLocation(stored?.id, locations.data)) {
      return <LocationRequired message={locationRequiredMessage(name)} />;
    }
  }

  const location = locations.data?.find((l) => String(l.id) === stored?.id) ?? null;
  if (!location) return <LocationRequired message={locationRequiredMessage(name)} />;
  return renderOperation({ operation: action, location, onLeave: () => chooseOperation(null) });
}
