import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { useOnline } from '@web/lib/offline/use-online.ts';
import { WifiOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { OfflineLine } from './offline-line.tsx';

export const NEEDS_CONNECTION_TITLE = 'This screen needs a connection';
export const KEPT_OFFLINE_TEXT = 'Offline — this screen stays as it was';

/**
 * In place of a screen that only the server can answer (Approvals, admin, orders…), while the device is
 * offline: a plain notice rather than a spinner that never ends. The screen loads as soon as the network
 * is back.
 *
 * A screen already open when the network drops stays as it is (decision 094): a blip of back-room Wi-Fi must not
 * close an open order, a dialog or a half-filled form and throw away what was typed. A slim line says it is
 * offline; what is confirmed meanwhile waits for the network (writes pause while offline) and goes when it returns.
 * `screen` names the screen (its path): one never shown online gets the notice.
 */
export function NeedsConnection({ screen, children }: { screen: string; children: ReactNode }) {
  const online = useOnline();
  const [shownOnline, setShownOnline] = useState<string | null>(online ? screen : null);
  // Set during render, as React allows for state derived from a prop: the first paint already knows.
  if (online && shownOnline !== screen) setShownOnline(screen);
  if (!online && shownOnline !== screen) return <ConnectionNotice />;
  // One shape online and offline, so the screen under the line is the same element and keeps its state.
  return (
    <>
      {online ? null : (
        <OfflineLine
          testId="kept-offline-notice"
          title={KEPT_OFFLINE_TEXT}
          detail="what you confirm is sent when the network returns"
        />
      )}
      {children}
    </>
  );
}

function ConnectionNotice() {
  return (
    <Alert variant="warning" live="status" className="mx-auto max-w-2xl">
      <WifiOff aria-hidden />
      <AlertTitle>{NEEDS_CONNECTION_TITLE}</AlertTitle>
      <AlertDescription>
        <p>
          You're offline. The counting screens and the Cafe Ops Tracker work without a network: choose one
          from the menu. This screen opens by itself when the network returns.
        </p>
      </AlertDescription>
    </Alert>
  );
}
