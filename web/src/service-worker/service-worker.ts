/// <reference lib="webworker" />
import { type PrecacheEntry, Serwist, type SerwistGlobalConfig } from 'serwist';
import { CURRENT_USER_PATH, isKeepCopiesMessage, type KeptChange, writeKeptCopies } from './kept-copies.ts';
import {
  CAFE_CACHE,
  offlineCacheFor,
  PERSON_CACHE,
  readCacheKey,
  SKIP_WAITING_MESSAGE,
} from './offline-reads.ts';
import { readerIdentity, userIdOf } from './reader-identity.ts';
import { scriptsAsCopies } from './scripts-as-copies.ts';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    // `@serwist/build` replaces this with the build's own file list (web/build.ts).
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const identity = readerIdentity(self.caches);

/** When the last read of a page came through: the page's copies are written once reads have paused. */
let lastReadAt = 0;
const QUIET_MS = 1_500;

/**
 * Waits until no read has come through for a moment. A page reloaded right after its start hands its copies
 * over as the next start's reads begin; written then, they held those reads back (decision 073).
 */
async function readsPaused(): Promise<void> {
  for (let quiet = Date.now() - lastReadAt; quiet < QUIET_MS; quiet = Date.now() - lastReadAt)
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS - quiet));
}

// The count screens give up on a dead connection after this long and show the kept list instead.
const NETWORK_TIMEOUT_MS = 5_000;

/** Copies (and saves to write into them) the pages handed over, waiting for their reads to pause. */
const waiting: KeptChange[] = [];
let written: Promise<void> = Promise.resolve();

/** Writes every waiting copy, after the writes already under way. */
function writeWaiting(): Promise<void> {
  written = written.then(() => writeKeptCopies(self.caches, waiting.splice(0)));
  return written;
}

/** The copy the page kept of this read for the reader of this device (decision 073), if any. */
async function keptCopy(cacheName: string, url: URL): Promise<Response | undefined> {
  // A copy still waiting for a pause is the newest there is: the network is gone, so it is written now.
  await writeWaiting();
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
  lastReadAt = Date.now();
  const url = new URL(request.url);
  const network = fetch(request).then(async (response) => {
    if (response.status === 401) {
      // Nobody is signed in: copies still waiting were somebody's.
      waiting.length = 0;
      await identity.forget();
    } else if (response.ok && url.pathname === CURRENT_USER_PATH) {
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
    plugins: [scriptsAsCopies],
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
  else if (isKeepCopiesMessage(event.data)) {
    waiting.push(...event.data.copies);
    event.waitUntil(readsPaused().then(writeWaiting));
  }
});

serwist.addEventListeners();
