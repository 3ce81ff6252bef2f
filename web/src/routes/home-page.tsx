import { HomeScreen } from '@web/features/home/components/home-screen.tsx';
import { NeedsConnection } from '@web/features/offline/components/needs-connection.tsx';
import { OperationScreen } from '@web/features/operations/components/operation-screen.tsx';
import { useNewCountAfterOrder } from '@web/features/operations/hooks/use-new-count-after-order.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { usePageTitle } from './use-page-title.ts';

export function HomePage() {
  const { user } = useAuth();
  usePageTitle(null);
  useNewCountAfterOrder();
  // The root layout renders routes only for a signed-in person; this keeps the types honest.
  if (!user) return null;
  return (
    <HomeScreen
      user={user}
      renderOperation={(props) =>
        // The shopping list builds an order from the server's cart: it is not one of the offline screens.
        props.operation === 'shopping_list' ? (
          <NeedsConnection screen="shopping_list">
            <OperationScreen {...props} />
          </NeedsConnection>
        ) : (
          <OperationScreen {...props} />
        )
      }
    />
  );
}
