import { SKIP_WAITING_MESSAGE } from '@web/service-worker/offline-reads.ts';
import { useSyncExternalStore } from 'react';

export const SERVICE_WORKER_URL = '/sw.js';

export interface ServiceWorkerEvents {
  /** The first version took this page (first visit): the reads already made went past it, ask them again. */
  onFirstControl: () => void;
  /** A new version is installed and waits; `activate` lets it take over (the page then reloads). */
  onUpdateWaiting: (activate: () => void) => void;
  /** The person chose the update (the toast or the profile menu): the reload follows within TAKEOVER_WAIT_MS. */
  onUpdateChosen?: () => void;
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
 * How long a chosen update may take to take the page before the page reloads anyway. Chromium can leave a
 * worker that was told to skip waiting parked behind the old one's unfinished work (a fetch in flight as the
 * network went away), and no `controllerchange` comes: the person who pressed "Reload" still gets a reload.
 */
export const TAKEOVER_WAIT_MS = 5_000;
/**
 * Set in the tab when the person chose the update, so the page after the reload can finish what it began; cleared
 * by the first page that starts with no version waiting (the update is done), or when the second ask gives up.
 */
export const UPDATE_CHOSEN_KEY = 'parstock:update-chosen';

export interface ServiceWorkerOptions {
  /** Where the choice outlives the reload (the tab's sessionStorage); null where the browser keeps none. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  takeoverWaitMs?: number;
}

function tabStorage(): ServiceWorkerOptions['storage'] {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function wasChosen(storage: ServiceWorkerOptions['storage']): boolean {
  try {
    return storage?.getItem(UPDATE_CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Registers the service worker and follows its life: the first version takes the page at once; a later one
 * waits (an open count keeps the code and the precache it started with) until the person chooses to reload.
 * A chosen update that does not take the page in time reloads it anyway; the page after that reload asks the
 * waiting version once more and, should it still not come, offers the update again rather than reloading in
 * a loop.
 */
export async function startServiceWorker(
  container: ServiceWorkerContainer,
  events: ServiceWorkerEvents,
  { storage = tabStorage(), takeoverWaitMs = TAKEOVER_WAIT_MS }: ServiceWorkerOptions = {},
): Promise<ServiceWorkerRegistration> {
  let controlled = container.controller !== null;
  let tookOver = false;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const remember = (chosen: boolean) => {
    try {
      if (chosen) storage?.setItem(UPDATE_CHOSEN_KEY, '1');
      else storage?.removeItem(UPDATE_CHOSEN_KEY);
    } catch {
      // A tab that keeps nothing still reloads; only the second ask after the reload is lost.
    }
  };
  const takeOver = () => {
    if (tookOver) return;
    tookOver = true;
    clearTimeout(fallback);
    setWaitingUpdate(null);
    events.onTakeover();
  };
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      events.onFirstControl();
      return;
    }
    // The choice stays until a page starts with no version waiting: the one this reload brings.
    takeOver();
  });

  const skipWaiting = (worker: ServiceWorker, ifNotTaken: () => void) => {
    worker.postMessage(SKIP_WAITING_MESSAGE);
    clearTimeout(fallback);
    fallback = setTimeout(ifNotTaken, takeoverWaitMs);
  };
  const announce = (worker: ServiceWorker) => {
    const activate = () => {
      remember(true);
      skipWaiting(worker, takeOver);
      events.onUpdateChosen?.();
    };
    setWaitingUpdate(activate);
    events.onUpdateWaiting(activate);
  };
  // The browser's HTTP cache must not hide a new worker script: it is revalidated on every check.
  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  const waiting = registration.waiting && container.controller ? registration.waiting : null;
  if (!waiting) remember(false);
  else if (!wasChosen(storage)) announce(waiting);
  else
    skipWaiting(waiting, () => {
      remember(false);
      announce(waiting);
    });
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
