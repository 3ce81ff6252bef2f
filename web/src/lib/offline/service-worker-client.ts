import { SKIP_WAITING_MESSAGE } from '@web/service-worker/offline-reads.ts';
import { useSyncExternalStore } from 'react';

export const SERVICE_WORKER_URL = '/sw.js';

export interface ServiceWorkerEvents {
  /** The first version took this page (first visit): the reads already made went past it, ask them again. */
  onFirstControl: () => void;
  /** A new version is installed and waits; `activate` lets it take over (the page then reloads). */
  onUpdateWaiting: (activate: () => void) => void;
  /** The new version took over: reload so the page runs the code it precached. */
  onTakeover: () => void;
}

/** The waiting new version's "take over", while there is one; the profile menu offers it too. */
let waitingUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function setWaitingUpdate(activate: (() => void) | null): void {
  waitingUpdate = activate;
  for (const listener of listeners) listener();
}

export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waitingUpdate,
    () => null,
  );
}

/**
 * Registers the service worker and follows its life: the first version takes the page at once; a later one
 * waits (an open count keeps the code and the precache it started with) until the person chooses to reload.
 */
export async function startServiceWorker(
  container: ServiceWorkerContainer,
  events: ServiceWorkerEvents,
): Promise<ServiceWorkerRegistration> {
  let controlled = container.controller !== null;
  let tookOver = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      events.onFirstControl();
      return;
    }
    if (tookOver) return;
    tookOver = true;
    setWaitingUpdate(null);
    events.onTakeover();
  });

  const announce = (worker: ServiceWorker) => {
    const activate = () => worker.postMessage(SKIP_WAITING_MESSAGE);
    setWaitingUpdate(activate);
    events.onUpdateWaiting(activate);
  };
  // The browser's HTTP cache must not hide a new worker script: it is revalidated on every check.
  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  if (registration.waiting && container.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // With no controller this is the first install, which takes the page by itself.
      if (installing.state === 'installed' && container.controller) announce(installing);
    });
  });
  return registration;
}
