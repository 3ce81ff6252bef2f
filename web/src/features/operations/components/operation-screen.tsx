import type { Location } from '@engine/api-schemas.ts';
import type { OperationKey } from '@engine/operations.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { CountInventoryScreen } from './count-inventory-screen.tsx';
import { NightlyCountsScreen } from './nightly-counts-screen.tsx';
import type { OperationScreenProps } from './screen-props.ts';
import { SetParsScreen } from './set-pars-screen.tsx';
import { ShoppingListScreen } from './shopping-list-screen.tsx';
import { WaitingElsewhereNotice } from './waiting-elsewhere-notice.tsx';

/**
 * The main operation screen (requirements §2) for the chosen operation and café. Each screen is keyed by café, so
 * switching cafés starts from its first category with nothing of the other café's state left over.
 */
export function OperationScreen({
  operation,
  location,
  onLeave,
}: {
  operation: OperationKey;
  location: Location;
  onLeave: () => void;
}) {
  const { user } = useAuth();
  if (!user) return null;
  const props = { location, userId: user.id, onLeave };
  return (
    <>
      <WaitingElsewhereNotice userId={user.id} locationId={location.id} screen={operation} />
      {screenOf(operation, props)}
    </>
  );
}

function screenOf(operation: OperationKey, props: OperationScreenProps) {
  switch (operation) {
    case 'set_pars':
      return <SetParsScreen key={props.location.id} {...props} />;
    case 'count_inventory':
      return <CountInventoryScreen key={props.location.id} {...props} />;
    case 'nightly_counts':
      return <NightlyCountsScreen key={props.location.id} {...props} />;
    case 'shopping_list':
      return <ShoppingListScreen key={props.location.id} {...props} />;
  }
}
