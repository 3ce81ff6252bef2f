/** What a busy spell left behind, given back once the server has gone quiet for longer. */
export interface GiveBack {
  /** Whole quiet periods after the spell before it runs: longer than a count's pauses between saves. */
  afterQuietPeriods: number;
  /** Whether the spell left enough behind to be worth it (checked once, when the quiet is long enough). */
  worthIt: () => boolean;
  run: () => Promise<void>;
  /** Called at every tick once the server has been quiet a few periods: a moment to measure the settled process. */
  settled?: () => void;
}

/** Quiet periods after which the process counts as settled. */
const SETTLED_AFTER_PERIODS = 3;

/**
 * Collects garbage once after a burst of requests, when the server has gone quiet (decision 044). The engine
 * collects when the program allocates; an idle server allocates nothing, so what a busy spell left behind (~10 MB
 * after 12 devices autosaving for 10 s) would stay until the next spell. One full collection, only after
 * activity and a whole quiet period, costs a few milliseconds of an otherwise idle process.
 *
 * A collection cannot shrink the embedded database's WebAssembly heap, which the spell's queries grew: after a
 * longer quiet, `giveBack` (the database reopened, decision 044) runs once per spell, when it is worth it.
 */
export class IdleGarbageCollector {
  #requests = 0;
  #requestsAtLastTick = 0;
  #requestsAtLastCollection = 0;
  #requestsAtLastGiveBack = 0;
  #quietPeriods = 0;
  #givingBack = false;

  constructor(
    private readonly collect: () => void = () => Bun.gc(true),
    /** Requests being answered right now (Bun's `server.pendingRequests`). */
    private readonly inFlight: () => number = () => 0,
    private readonly giveBack?: GiveBack,
  ) {}

  /** One request was answered. */
  noteRequest(): void {
    this.#requests++;
  }

  /** Called every quiet period (a timer): collects when requests came before it and none during it. */
  tick(): boolean {
    const quiet = this.#requests === this.#requestsAtLastTick && this.inFlight() === 0;
    this.#quietPeriods = quiet ? this.#quietPeriods + 1 : 0;
    this.#requestsAtLastTick = this.#requests;
    this.#maybeGiveBack();
    const busySinceCollection = this.#requests !== this.#requestsAtLastCollection;
    if (!quiet || !busySinceCollection) return false;
    this.#requestsAtLastCollection = this.#requests;
    this.collect();
    return true;
  }

  #maybeGiveBack(): void {
    const giveBack = this.giveBack;
    if (!giveBack || this.#givingBack) return;
    if (this.#quietPeriods >= SETTLED_AFTER_PERIODS) giveBack.settled?.();
    if (this.#quietPeriods < giveBack.afterQuietPeriods) return;
    if (this.#requests === this.#requestsAtLastGiveBack) return;
    this.#requestsAtLastGiveBack = this.#requests;
    if (!giveBack.worthIt()) return;
    this.#givingBack = true;
    void giveBack.run().finally(() => {
      this.#givingBack = false;
    });
  }

  /** Ticks every `quietMs`; the timer never keeps the process alive. */
  start(quietMs = 1000): () => void {
    const timer = setInterval(() => this.tick(), quietMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }
}
