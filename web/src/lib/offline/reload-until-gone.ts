/**
 * How long a reload may leave the page in place before it is stopped and asked again. Chromium can hold a reload
 * forever when that very navigation is what sets off the waiting version's activation (the old worker had just
 * been restarted, so the chosen update was parked): the new version activates and takes the page, but the
 * navigation that woke it never commits (decision 089). Asked again, the reload reaches the new version.
 */
export const RELOAD_RETRY_MS = 4_000;
/** Asks after the first, at most: a reload that never comes is not retried in a loop. */
export const RELOAD_RETRIES = 2;

export interface ReloadPage {
  /** Starts one reload: the outbox's `reloadKeepingOutbox`, so every ask keeps the edits and skips "Leave site?". */
  reload: () => void;
  /** Drops the navigation under way (`window.stop()`), so a new one can start. */
  stop: () => void;
  retryMs?: number;
  retries?: number;
}

/**
 * Reloads the page and, should the page still be here `retryMs` later, stops the stuck navigation and reloads
 * again, up to `retries` times. A page that goes takes its timers with it, so a reload that works is never repeated.
 */
export function reloadUntilGone({
  reload,
  stop,
  retryMs = RELOAD_RETRY_MS,
  retries = RELOAD_RETRIES,
}: ReloadPage): void {
  reload();
  let left = retries;
  const retry = () => {
    if (left-- <= 0) return;
    stop();
    reload();
    setTimeout(retry, retryMs);
  };
  setTimeout(retry, retryMs);
}
