/// <reference lib="webworker" />
import { type PrecacheEntry, Serwist, type SerwistGlobalConfig } from 'serwist';
import { isKeepCopiesMessage, writeKeptCopies } from './kept-copies.ts';
import {
  CAFE_CACHE,
  offlineCacheFor,
  PERSON_CACHE,
  readCacheKey,
  SKIP_WAITING_MESSAGE,
} from './offline-reads.ts';
import { readerIdentity, userIdOf } from './reader-identity.ts';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    // `@serwist/build` replaces this with the build's own file list (web/build.ts).
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const identity = readerIdentity(self.caches);
const CURRENT_USER_PATH = '/api/auth/user';

// The count screens give up on a dead connection after this long and show the kept list instead.
const NETWORK_TIMEOUT_MS = 5_000;

/** The copy the page kept of this read for the reader of this device (decision 073), if any. */
async function keptCopy(cacheName: string, url: URL): Promise<Response | undefined> {
  const reader = await identity.current();
  if (reader === null) return undefined;
  return (await self.caches.open(cacheName)).match(readCacheKey(url, reader));
}

/**
 * Network first, the page's kept copy when the network fails or has not answered in 5 s. The answer goes to the
 * page untouched: the page keeps the copies, from the bytes it reads anyway (decision 073). A 401 drops every
 * copy; the session's answer names the reader.
 */
async function networkOrKeptCopy(request: Request, cacheName: string): Promise<Response> {
  const url = new URL(request.url);
  const network = fetch(request).then(async (response) => {
    if (response.status === 401) await identity.forget();
    else if (response.ok && url.pathname === CURRENT_USER_PATH) {
      const id = await userIdOf(response);
      if (id !== null) await identity.learn(id);
    }
    return response;
  });
  // Answered from a copy, a network failure that comes later is nobody's to report.
  network.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<Response | undefined>((resolve) => {
    timer = setTimeout(
      () => void keptCopy(cacheName, url).then(resolve, () => resolve(undefined)),
      NETWORK_TIMEOUT_MS,
    );
  });
  try {
    // A copy found after the timeout answers; with none, the network's answer is still awaited.
    return await Promise.race([network, slow.then((kept) => kept ?? network)]);
  } catch (error) {
    const kept = await keptCopy(cacheName, url).catch(() => undefined);
    if (kept) return kept;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    // Every page of the app is the same index.html; API paths (including the sign-in redirect) never are.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
  },
  // A new version waits until the person chooses to reload (a count in progress is never swapped under them).
  skipWaiting: false,
  // The very first version takes the open page at once, so the reads of that first visit are kept.
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin && request.method === 'GET' && offlineCacheFor(url.pathname) === PERSON_CACHE,
      handler: ({ request }) => networkOrKeptCopy(request, PERSON_CACHE),
    },
    {
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin && request.method === 'GET' && offlineCacheFor(url.pathname) === CAFE_CACHE,
      handler: ({ request }) => networkOrKeptCopy(request, CAFE_CACHE),
    },
  ],
});

self.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  // The page's copies of its fresh answers (decision 073), written here: the worker outlives a reload.
  else if (isKeepCopiesMessage(event.data)) event.waitUntil(writeKeptCopies(self.caches, event.data.copies));
});

serwist.addEventListeners();
