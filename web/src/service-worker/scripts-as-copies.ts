import type { SerwistPlugin } from 'serwist';

/**
 * Hands the page each precached script as a copy of the stored answer (same bytes, status and headers) instead of
 * the stored answer itself (decision 084).
 *
 * Served straight from the worker's cache, a script makes the browser build a code cache for it on its first run
 * there: for the app's module scripts, 242 ms of the page's thread with the CPU 4× slower, at the first start of
 * every new version. This Chromium never reads a code cache back for a module script
 * (`bench/code-cache.ts`), so that work bought nothing. A copy has no stored answer behind it, so no code cache is
 * built; everything else about the script is unchanged.
 */
export const scriptsAsCopies: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
    if (!cachedResponse || !new URL(request.url).pathname.endsWith('.js')) return cachedResponse;
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers: cachedResponse.headers,
    });
  },
};
