/**
 * A short-lived cache per key that also shares the call in flight: twenty devices opening one café's
 * Nightly Counts at once make one Square call, and each answer is reused for `ttlMs` (failures for
 * `failureTtlMs`, so a Square in trouble is not hammered by every retrying screen).
 */
export class SingleFlightCache<K, V> {
  readonly #entries = new Map<K, { promise: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly options: {
      ttlMs: number;
      failureTtlMs: number;
      isFailure: (value: V) => boolean;
      now?: () => number;
    },
  ) {}

  get(key: K): Promise<V> {
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > now) return entry.promise;
    const promise = this.load(key);
    // Until it settles, the call is shared whatever its age; then it lives as long as its outcome deserves.
    const fresh = { promise, expiresAt: Number.POSITIVE_INFINITY };
    this.#entries.set(key, fresh);
    promise.then(
      (value) => {
        fresh.expiresAt =
          this.#now() + (this.options.isFailure(value) ? this.options.failureTtlMs : this.options.ttlMs);
      },
      () => {
        if (this.#entries.get(key) === fresh) this.#entries.delete(key);
      },
    );
    return promise;
  }

  /** Forget everything (a mapping changed) or one key. */
  clear(key?: K): void {
    if (key === undefined) this.#entries.clear();
    else this.#entries.delete(key);
  }

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
