/**
 * A sign-out the server has not heard of yet. Signing out with no network clears the device at once, but the
 * session cookie stays valid on the server; this flag makes the app end that session before it asks who is
 * signed in, or before someone else signs in, so the person who signed out never comes back from the cookie.
 */
const KEY = 'parstock:sign-out-pending';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function markSignOutPending(): void {
  try {
    storage()?.setItem(KEY, '1');
  } catch {
    // Without storage the sign-out is still tried at once; only a later retry is lost.
  }
}

export function clearSignOutPending(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing was stored then.
  }
}

export function isSignOutPending(): boolean {
  try {
    return storage()?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

let finishing: Promise<boolean> | null = null;

/**
 * Ends the pending sign-out through `endSession` (the sign-out call), once at a time. True when nothing is
 * pending any more; false when the server could not be reached (the flag stays for the next try).
 */
export function finishPendingSignOut(endSession: () => Promise<unknown>): Promise<boolean> {
  if (!isSignOutPending()) return Promise.resolve(true);
  finishing ??= endSession()
    .then(() => {
      clearSignOutPending();
      return true;
    })
    .catch(() => false)
    .finally(() => {
      finishing = null;
    });
  return finishing;
}
