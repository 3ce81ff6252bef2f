import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cachedReadPaths, forgetCachedReads, onServerAnswered } from './reads-from-cache.ts';

/**
 * The browser says "online" a moment before requests get through (the service worker's own fetches among
 * them), so the reads are asked again a few times, further apart, until they come fresh from the server.
 */
export const REFRESH_DELAYS_MS = [0, 2_000, 5_000, 15_000, 30_000] as const;

/**
 * While a list from the device is on screen and the browser says it is online, the server is asked again this
 * often: a page reloaded while only the server was out of reach hears of its return from nothing else when the
 * person is only reading (no save to answer, no `online` event).
 */
export const KEPT_READS_POLL_MS = 10_000;

/** Asks again every read that came from the device; true when none is left on screen from it. */
async function askKeptReadsAgain(queryClient: QueryClient): Promise<boolean> {
  const paths = new Set(cachedReadPaths());
  if (paths.size === 0) return true;
  await queryClient
    .refetchQueries({
      type: 'all',
      predicate: (query) => typeof query.queryKey[0] === 'string' && paths.has(query.queryKey[0]),
    })
    .catch(() => undefined);
  // A read the query cache has dropped (UI styles are kept a minute) is nothing on screen any more.
  const held = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0]),
  );
  forgetCachedReads((path) => !held.has(path));
  return cachedReadPaths().length === 0;
}

/**
 * Reads never go stale by themselves (requirements §9), so a list shown from the device would stay old after
 * the network returns. When the browser is online again, or the server answers any request while such reads are
 * on screen (the `online` event never comes when only the server was out of reach), the reads that came from
 * the cache are asked again, whether a screen shows them now or not, until the server answers them. With
 * neither, they are asked again every `KEPT_READS_POLL_MS` while the browser is online.
 */
export function useRefreshWhenOnline(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One round at a time: its own fresh answers would otherwise start another.
    let running = false;
    const attempt = (index: number, serverAnswered: boolean) => {
      running = true;
      timer = setTimeout(async () => {
        if (!serverAnswered && !navigator.onLine) {
          running = false;
          return;
        }
        const fresh = await askKeptReadsAgain(queryClient);
        if (!fresh && index + 1 < REFRESH_DELAYS_MS.length) attempt(index + 1, serverAnswered);
        else running = false;
      }, REFRESH_DELAYS_MS[index]);
    };
    const onOnline = () => {
      clearTimeout(timer);
      attempt(0, false);
    };
    const stopListening = onServerAnswered(() => {
      if (!running) attempt(0, true);
    });
    const poll = setInterval(() => {
      if (running || !navigator.onLine || cachedReadPaths().length === 0) return;
      running = true;
      void askKeptReadsAgain(queryClient).finally(() => {
        running = false;
      });
    }, KEPT_READS_POLL_MS);
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(timer);
      clearInterval(poll);
      stopListening();
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);
}
