import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { useOnline } from '@web/lib/offline/use-online.ts';
import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';

export const NEEDS_CONNECTION_TITLE = 'This screen needs a connection';

/**
 * In place of a screen that only the server can answer (Approvals, admin, orders…), while the device is
 * offline: a plain notice rather than a spinner that never ends. The screen loads as soon as the network
 * is back.
 */
export function NeedsConnection({ children }: { children: ReactNode }) {
  const online = useOnline();
  if (online) return children;
  return (
    <Alert variant="warning" live="status" className="mx-auto max-w-2xl">
      <WifiOff aria-hidden />
      <AlertTitle>{NEEDS_CONNECTION_TITLE}</AlertTitle>
      <AlertDescription>
        <p>
          You're offline. Set PARs, Count Inventory and Nightly Counts work without a network: choose one from
          the operation menu. This screen opens by itself when the network returns.
        </p>
      </AlertDescription>
    </Alert>
  );
}
