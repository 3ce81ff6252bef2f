import { READ_CACHES } from '@web/service-worker/offline-reads.ts';
import { dropReadsAhead } from '../api-request.ts';
import { forgetConfirmedLocation } from '../storage/confirmed-location.ts';
import { dropPendingOfflineCopiesLater } from './offline-copies-later.ts';
import { resetCachedReads } from './reads-from-cache.ts';

/**
 * Drops every answer kept for offline use for the signed-in person, and who that person was: with the café
 * confirmed as theirs, whose reads the next start would otherwise send for nobody, and the answers a start sent
 * ahead for them, which someone signing in next on this page must not be given (decision 080). The page
 * does it itself (Cache Storage is shared with the worker) so it works with no network and no worker.
 */
export async function clearOfflineReads(): Promise<void> {
  resetCachedReads();
  forgetConfirmedLocation();
  dropReadsAhead();
  await dropPendingOfflineCopiesLater();
  if (typeof caches === 'undefined') return;
  await Promise.all(READ_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
