import { leaveKeepingOutbox } from '@web/lib/autosave/use-autosave.ts';
import { clearOfflineReads } from '@web/lib/offline/offline-caches.ts';
import { markSignOutPending } from '@web/lib/offline/pending-sign-out.ts';
import { finishSignOut } from '@web/lib/shared-reads/auth-user.ts';
import { storeSelectedAction } from '@web/lib/storage/selected-action.ts';
import { storeSelectedLocation } from '@web/lib/storage/selected-location.ts';

/**
 * Ends the session with a POST (a GET never signs anyone out, so no link elsewhere can), then loads the
 * landing page afresh, so nothing of the signed-in app (its cache, its pending queries) outlives the
 * session in this tab. The answers kept for offline use go first, before the call, so signing out with no
 * network leaves nothing of this person on the device; the call itself is then finished when the network
 * returns (pending-sign-out.ts), before anyone is asked who is signed in.
 */
export async function signOut(): Promise<void> {
  markSignOutPending();
  // A shared phone's next person starts from the home list, not in the café and screen this person left open.
  storeSelectedAction(null);
  storeSelectedLocation(null);
  try {
    await clearOfflineReads();
    await finishSignOut();
  } finally {
    // The person was asked already when typed edits wait (account-menu.tsx); they stay on the device for them.
    leaveKeepingOutbox(() => window.location.assign('/'));
  }
}
