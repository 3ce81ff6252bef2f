/** Requirements §9: retry budgets and backoff timing shared by the web's queries, mutations and request helper. */
export const READ_RETRIES = 3;
export const WRITE_RETRIES = 2;
export const REQUEST_HELPER_RETRIES = 3;
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
export const BACKOFF_JITTER_RATIO = 0.25;

/**
 * An outbox's save with no answer by then is given up and sent again (decision 061). A café's Wi-Fi whose internet
 * is gone, or a connection that died while the request was on it, can leave a request unanswered for minutes (the
 * system's TCP timeouts), and one save is on the way at a time: without a deadline every edit after it would wait
 * that long, even once the network is back. An answer is a few kilobytes and normally comes in milliseconds; a save
 * the server did apply is harmless to send again: the same edit changes nothing. The server refuses unsent a save
 * that waited half of this for the database (decision 064), so what it starts, its sender still waits for.
 */
export const SAVE_ANSWER_TIMEOUT_MS = 20_000;

/**
 * Delay before retry number `attempt` (0 before the first retry, as TanStack Query counts failures):
 * 1000 ms doubling to a 30 s cap, plus up to 25 % of that at random so clients that lost the same server
 * do not all come back in the same millisecond.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = attempt > 0 ? Math.floor(attempt) : 0;
  const base = Math.min(BACKOFF_BASE_MS * 2 ** step, BACKOFF_CAP_MS);
  // A random source outside [0, 1) must not push the delay outside the documented band.
  const drawn = random();
  const share = drawn > 0 ? Math.min(drawn, 1) : 0;
  return Math.floor(base + base * BACKOFF_JITTER_RATIO * share);
}

/**
 * Request helper rule (requirements §9): retry network failures (no status, or 0 as fetch reports an aborted or
 * opaque response) and 408, 429 and 5xx; every other answer is final.
 */
export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined || status === 0) return true;
  return status === 408 || status === 429 || status >= 500;
}

/** 4xx means the request itself is wrong, and sending it again gives the same answer; 408 and 429 do not. */
export function isClientError(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status <= 499 && status !== 408 && status !== 429;
}

/**
 * The HTTP status an error carries: a numeric `status` property when the client set one, else the leading
 * "NNN:" of the message, which is how requirements §8 shapes every non-OK response. undefined means the request
 * never got an answer.
 */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status } = error as { status?: unknown };
  if (typeof status === 'number' && Number.isInteger(status)) return status;
  const { message } = error as { message?: unknown };
  if (typeof message !== 'string') return undefined;
  const match = /^(\d{3}):/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/**
 * For TanStack Query's `retry` option (it passes the failures so far, starting at 0): retry up to
 * `maxRetries` times unless the server refused the request as a client error.
 */
export function shouldRetryQuery(failureCount: number, error: unknown, maxRetries: number): boolean {
  return failureCount < maxRetries && !isClientError(errorStatus(error));
}
