import type { QueryClient } from '@tanstack/react-query';
import { ToastAction } from '@web/components/ui/toast.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { offlineCacheFor } from '@web/service-worker/offline-reads.ts';
import { authUserQueryKey } from '../shared-reads/auth-user.ts';
import { reloadUntilGone } from './reload-until-gone.ts';
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

const UPDATING_TITLE = 'Updating Parstock…';

/** Said at once: the reload can take a few seconds to come (decision 065), and the button's toast has closed. */
function showUpdating(): void {
  toast({
    title: UPDATING_TITLE,
    description: 'The page reloads in a moment. Counts you typed are kept.',
    duration: Number.POSITIVE_INFINITY,
  });
}

/**
 * The reload for a new version. The outbox module is asked for only now: when a count screen is open it is
 * loaded already (same instance, with its queues); when none is, there is nothing unsent to keep.
 */
async function reloadForUpdate(): Promise<void> {
  const { reloadKeepingOutbox } = await import('@web/lib/autosave/use-autosave.ts');
  reloadUntilGone({ reload: () => reloadKeepingOutbox(), stop: () => window.stop() });
}

/**
 * Registers the service worker of the built app and follows its updates. Loaded after the first paint
 * (app.tsx imports it lazily), so none of this weighs on the first script.
 */
export async function startOfflineApp(queryClient: QueryClient): Promise<void> {
  await startServiceWorker(navigator.serviceWorker, {
    onFirstControl: () => void keepFirstVisitReads(queryClient),
    onUpdateWaiting: showUpdateToast,
    onUpdateChosen: showUpdating,
    onTakeover: () => void reloadForUpdate(),
  });
}
