import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { canRunOperation } from '@engine/operations.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { endpointQuery } from '../api-client.ts';
import { usePermissions } from '../shared-reads/use-permissions.ts';

/**
 * Count Inventory and Set PARs read what the frame preloads anyway (products, inventory, category order);
 * Nightly Counts reads its own sheet. Where the offline app is installed (a worker controls the page), that
 * sheet of the chosen café is read once while the network is there, so Nightly Counts too opens in the
 * cooler even if the last visit was a count. Without a worker nothing is read: nothing could keep it.
 */
export function useKeepNightlySheet(locationId: number | null | undefined): void {
  const queryClient = useQueryClient();
  const { granted, ready } = usePermissions();
  const allowed = ready && canRunOperation('nightly_counts', granted);
  const controlled = useWorkerControlsPage();
  useEffect(() => {
    if (!allowed || !locationId || !controlled || !navigator.onLine) return;
    const options = endpointQuery(countingEndpoints.getNightlyCount, {
      query: { locationId, date: undefined },
    });
    void queryClient.prefetchQuery({ ...options, retry: false }).catch(() => undefined);
  }, [queryClient, allowed, locationId, controlled]);
}

function subscribeToController(listener: () => void): () => void {
  const container = navigator.serviceWorker;
  container?.addEventListener('controllerchange', listener);
  return () => container?.removeEventListener('controllerchange', listener);
}

/** Whether a service worker answers this page's requests (from the first visit's takeover on). */
function useWorkerControlsPage(): boolean {
  return useSyncExternalStore(
    subscribeToController,
    () => !!navigator.serviceWorker?.controller,
    () => false,
  );
}
