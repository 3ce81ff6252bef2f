/**
 * Collects garbage once after a burst of requests, when the server has gone quiet (decision 044). The engine
 * collects when the program allocates; an idle server allocates nothing, so what a busy spell left behind (~10 MB
 * after 12 devices autosaving for 10 s) would stay until the next spell. One full collection, only after
 * activity and a whole quiet period, costs a few milliseconds of an otherwise idle process.
 */
export class IdleGarbageCollector {
  #requests = 0;
  #requestsAtLastTick = 0;
  #requestsAtLastCollection = 0;

  constructor(
    private readonly collect: () => void = () => Bun.gc(true),
    /** Requests being answered right now (Bun's `server.pendingRequests`). */
    private readonly inFlight: () => number = () => 0,
  ) {}

  /** One request was answered. */
  noteRequest(): void {
    this.#requests++;
  }

  /** Called every quiet period (a timer): collects when requests came before it and none during it. */
  tick(): boolean {
    const quiet = this.#requests === this.#requestsAtLastTick && this.inFlight() === 0;
    const busySinceCollection = this.#requests !== this.#requestsAtLastCollection;
    this.#requestsAtLastTick = this.#requests;
    if (!quiet || !busySinceCollection) return false;
    this.#requestsAtLastCollection = this.#requests;
    this.collect();
    return true;
  }

  /** Ticks every `quietMs`; the timer never keeps the process alive. */
  start(quietMs = 1000): () => void {
    const timer = setInterval(() => this.tick(), quietMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }
}
