import { onlineManager } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';

/**
 * The actions of the operation screens (counts, nightly counts, PARs, the shopping list) that only the server can
 * do: starting, clearing, confirming or submitting a count, suggesting orders, a PAR's lock. Offline, each would
 * wait for the network behind the screen's busy cover, and the counting the screen is there for would stop with
 * it. Refused at once instead, saying why; what was typed stays kept on the device (decision 096). True when
 * refused.
 */
export function refusedOffline(action: string): boolean {
  if (onlineManager.isOnline()) return false;
  toast({
    variant: 'destructive',
    title: `${action} needs the network`,
    description: "You're offline. What you typed is kept on this device: try again when the network returns.",
  });
  return true;
}
