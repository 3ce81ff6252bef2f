import { useOnline } from '@web/lib/offline/use-online.ts';

/**
 * Beside a save that is waiting: while the device is offline, writes wait for the network and go when it returns
 * (decision 094), so the spinner says why it lasts rather than look like a hang.
 */
export function OfflineWaitNote({ waiting }: { waiting: boolean }) {
  const online = useOnline();
  if (!waiting || online) return null;
  return (
    <p className="text-muted-foreground text-sm" role="status">
      Offline: this is sent when the network returns.
    </p>
  );
}
