import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cachedReadPaths, forgetCachedReads } from './reads-from-cache.ts';

/**
 * Reads never go stale by themselves (requirements §9), so a list shown from the device would stay old after
 * the network returns. When the browser is online again, the reads that came from the cache are asked again,
 * whether a screen shows them now or not; a read whose entry the query cache has already dropped (UI styles
 * are kept a minute) is nothing on screen any more and stops dating the list.
 */
export function useRefreshWhenOnline(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = async () => {
      const paths = new Set(cachedReadPaths());
      if (paths.size === 0) return;
      await queryClient
        .refetchQueries({
          type: 'all',
          predicate: (query) => typeof query.queryKey[0] === 'string' && paths.has(query.queryKey[0]),
        })
        .catch(() => undefined);
      const held = new Set(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.queryKey[0]),
      );
      forgetCachedReads((path) => !held.has(path));
    };
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [queryClient]);
}
