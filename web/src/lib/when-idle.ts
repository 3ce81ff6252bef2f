/**
 * Runs `run` when the page's thread is next idle, or after `timeout` ms if it never is; where a browser has no
 * `requestIdleCallback` (Safari), after `fallbackMs`.
 */
export function whenIdle(
  run: () => void,
  { timeout, fallbackMs }: { timeout?: number; fallbackMs: number },
): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, timeout ? { timeout } : undefined);
  else setTimeout(run, fallbackMs);
}
