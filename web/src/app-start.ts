import { prepareTextOrder } from '@engine/text-order.ts';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { onSessionEnded } from './lib/api-client.ts';
import { dropReadsAhead, sendReadAhead } from './lib/api-request.ts';
import { createQueryClient } from './lib/query-client.ts';
import { authUserQueryKey, authUserQueryOptions, fetchAuthUser } from './lib/shared-reads/auth-user.ts';
import { confirmedReadsOf } from './lib/storage/confirmed-location.ts';
import { readSelectedLocation } from './lib/storage/selected-location-storage.ts';
import { whenIdle } from './lib/when-idle.ts';
import { startSignedInShell } from './routes/root-layout.tsx';

/**
 * The query cache, with the things every start waits for already on their way (decision 058): the session check,
 * the signed-in frame's chunk and, right behind the check, the chosen café's operation reads when this device saw
 * that café confirmed (decision 080; the frame would send them only once its chunk had run and the session had
 * answered). The router renders nothing until the first screen's chunk has loaded, and the root layout would only
 * then ask who is signed in. The collator that sorts every list by name is built while the thread waits for them,
 * not in the first screen's render (decision 078).
 */
export function startApp(): QueryClient {
  // TanStack Query takes itself for online until an `offline` event: an app opened with no network would send a
  // write waiting on the device at once, to fail, instead of holding it until the network returns (decision 095).
  onlineManager.setOnline(navigator.onLine);
  const queryClient = createQueryClient();
  let cafeReads = confirmedReadsOf(Number(readSelectedLocation()?.id));
  // Behind the check, not beside it: the browser's six connections to the server would otherwise queue the check.
  const sendCafeReads = () => {
    for (const url of cafeReads) sendReadAhead(url);
    cafeReads = [];
  };
  void queryClient.prefetchQuery({
    ...authUserQueryOptions(),
    queryFn: async ({ signal }) => {
      const user = await fetchAuthUser(signal, sendCafeReads);
      // Someone who must first replace a one-time password gets no café's reads: the server refused them, and
      // the frame that opens after the new password must not be given those refusals.
      if (user?.mustChangePassword) dropReadsAhead();
      return user;
    },
  });
  // Asked again at once, the session check answers signed out, and the landing page's sign-in returns here.
  onSessionEnded(() => void queryClient.invalidateQueries({ queryKey: authUserQueryKey }));
  startSignedInShell();
  whenIdle(prepareTextOrder, { fallbackMs: 0 });
  return queryClient;
}
