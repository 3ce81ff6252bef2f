import { prepareTextOrder } from '@engine/text-order.ts';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './lib/query-client.ts';
import { authUserQueryOptions } from './lib/shared-reads/auth-user.ts';
import { whenIdle } from './lib/when-idle.ts';
import { startSignedInShell } from './routes/root-layout.tsx';

/**
 * The query cache, with the two things every start waits for already on their way (decision 058): the session
 * check and the signed-in frame's chunk. The router renders nothing until the first screen's chunk has loaded,
 * and the root layout would only then ask who is signed in. The collator that sorts every list by name is built
 * while the thread waits for them, not in the first screen's render (decision 078).
 */
export function startApp(): QueryClient {
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(authUserQueryOptions());
  startSignedInShell();
  whenIdle(prepareTextOrder, { fallbackMs: 0 });
  return queryClient;
}
