/// <reference lib="webworker" />
import {
  ExpirationPlugin,
  NetworkFirst,
  type PrecacheEntry,
  Serwist,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from 'serwist';
import {
  CAFE_CACHE,
  CAFE_READS_KEPT,
  isKeptAnswer,
  offlineCacheFor,
  PERSON_CACHE,
  readCacheKey,
  SKIP_WAITING_MESSAGE,
  stampCachedAt,
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

/** The reader when the worker has not met one yet (first install): the server says who the cookie is. */
async function currentReader(): Promise<number | null> {
  const known = await identity.current();
  if (known !== null) return known;
  try {
    const response = await fetch(CURRENT_USER_PATH, { credentials: 'same-origin', cache: 'no-store' });
    const id = response.ok ? await userIdOf(response) : null;
    if (id !== null) await identity.learn(id);
    return id;
  } catch {
    return null;
  }
}

/**
 * Makes a network-first strategy per person: answers are stored under the reader's id and stamped with the
 * time they came; a 401 drops everything; the session's own read names the reader.
 */
const perReader: SerwistPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 401) {
      await identity.forget();
    } else if (response.ok && new URL(request.url).pathname === CURRENT_USER_PATH) {
      const id = await userIdOf(response);
      if (id !== null) await identity.learn(id);
    }
    return response;
  },
  cacheKeyWillBeUsed: async ({ request, mode }) =>
    readCacheKey(new URL(request.url), mode === 'write' ? await currentReader() : await identity.current()),
  cacheWillUpdate: async ({ request, response }) => {
    if (!isKeptAnswer(new URL(request.url).pathname, response.status)) return null;
    if ((await identity.current()) === null) return null;
    return stampCachedAt(response, new Date());
  },
};

// The count screens give up on a dead connection after this long and show the kept list instead.
const NETWORK_TIMEOUT_SECONDS = 5;

const personReads = new NetworkFirst({
  cacheName: PERSON_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [perReader],
});
const cafeReads = new NetworkFirst({
  cacheName: CAFE_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [perReader, new ExpirationPlugin({ maxEntries: CAFE_READS_KEPT })],
});

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
      handler: personReads,
    },
    {
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin && request.method === 'GET' && offlineCacheFor(url.pathname) === CAFE_CACHE,
      handler: cafeReads,
    },
  ],
});

self.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

serwist.addEventListeners();
