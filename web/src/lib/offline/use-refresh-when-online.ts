import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cachedReadPaths } from './reads-from-cache.ts';

/**
 * Reads never go stale by themselves (requirements §9), so a list shown from the device would stay old after
 * the network returns. When the browser is online again, the reads that came from the cache are asked again.
 */
export function useRefreshWhenOnline(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      const paths = new Set(cachedReadPaths());
      if (paths.size === 0) return;
      void queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === 'string' && paths.has(query.queryKey[0]),
      });
    };
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [queryClient]);
}
