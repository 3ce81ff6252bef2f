/** What the local Square server is told to do wrong, for tests and the benchmark. */
export interface FakeSquareFaults {
  /** Every answer waits this long first (Square on a bad day). */
  delayMs: number;
  /** The next this-many requests answer `failStatus` with Square's error body. */
  failures: number;
  failStatus: 500 | 502 | 503;
  /** The next this-many requests answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimits: number;
  retryAfterSeconds: number;
  /** Requests are never answered: a timeout on the caller's side. */
  hang: boolean;
}

export const NO_FAULTS: Readonly<FakeSquareFaults> = {
  delayMs: 0,
  failures: 0,
  failStatus: 503,
  rateLimits: 0,
  retryAfterSeconds: 1,
  hang: false,
};
