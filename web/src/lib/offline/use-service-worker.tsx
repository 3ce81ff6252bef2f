import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ToastAction } from '@web/components/ui/toast.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { reloadKeepingOutbox } from '@web/lib/autosave/use-autosave.ts';
import { offlineCacheFor } from '@web/service-worker/offline-reads.ts';
import { useEffect } from 'react';
import { authUserQueryKey } from '../shared-reads/auth-user.ts';
import { startServiceWorker } from './service-worker-client.ts';

export const UPDATE_READY_TITLE = 'A new version of Parstock is ready';
export const RELOAD_TO_UPDATE = 'Reload to update';

/**
 * The reads of the first visit went straight to the server; once the worker controls the page the ones it
 * keeps are asked again through it (also those no screen shows yet, such as the preload's), the session
 * first since it names whose answers they are. So the count screen opens with no network from the very
 * first visit.
 */
async function keepFirstVisitReads(queryClient: QueryClient): Promise<void> {
  await queryClient.refetchQueries({ queryKey: authUserQueryKey }).catch(() => undefined);
  await queryClient
    .refetchQueries({
      predicate: (query) =>
        typeof query.queryKey[0] === 'string' && offlineCacheFor(query.queryKey[0]) !== null,
    })
    .catch(() => undefined);
}

export function showUpdateToast(activate: () => void): void {
  toast({
    title: UPDATE_READY_TITLE,
    description: 'Counts you typed are kept on this device through the reload.',
    duration: Number.POSITIVE_INFINITY,
    action: (
      <ToastAction altText={RELOAD_TO_UPDATE} onClick={activate}>
        {RELOAD_TO_UPDATE}
      </ToastAction>
    ),
  });
}

/** Registers the service worker of the built app (not in development, where Bun serves the sources). */
export function useServiceWorker(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    startServiceWorker(navigator.serviceWorker, {
      onFirstControl: () => void keepFirstVisitReads(queryClient),
      onUpdateWaiting: showUpdateToast,
      onTakeover: () => reloadKeepingOutbox(),
    }).catch((error: unknown) => console.warn('The offline app could not be installed', error));
  }, [queryClient]);
}
