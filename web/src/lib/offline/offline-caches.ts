import { READ_CACHES } from '@web/service-worker/offline-reads.ts';
import { dropPendingOfflineCopiesLater } from './offline-copies-later.ts';
import { resetCachedReads } from './reads-from-cache.ts';

/**
 * Drops every answer kept for offline use for the signed-in person, and who that person was. The page
 * does it itself (Cache Storage is shared with the worker) so it works with no network and no worker.
 */
export async function clearOfflineReads(): Promise<void> {
  resetCachedReads();
  await dropPendingOfflineCopiesLater();
  if (typeof caches === 'undefined') return;
  await Promise.all(READ_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
