import { backoffDelay, SAVE_ANSWER_TIMEOUT_MS } from '@engine/backoff.ts';
import {
  clearRefusals,
  dismissRefusals,
  markRefused,
  type OutboxEntry,
  type OutboxState,
  parseOutbox,
  pendingCount,
  recordEdit,
  settleSent,
  takeBatch,
} from './outbox-state.ts';
import type { KeyValueStore } from './outbox-storage.ts';
import { classifySaveFailure, NO_ANSWER_MESSAGE, type SaveFailure } from './save-failure.ts';

export const AUTOSAVE_DEBOUNCE_MS = 400;
/** Someone typing without pause still gets a save at least this often. */
export const AUTOSAVE_MAX_WAIT_MS = 2000;
export const AUTOSAVE_BATCH_SIZE = 100;
// A save with no answer by then is given up and sent again (decision 061); the server refuses unsent what waited
// half of it for the database (decision 064).
export { SAVE_ANSWER_TIMEOUT_MS };

/** The reason a save was given up: no answer in time. */
const NO_ANSWER = new Error('The save got no answer in time');
const NO_ANSWER_FAILURE: SaveFailure = { kind: 'retry', message: NO_ANSWER_MESSAGE };

export interface QueueTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: QueueTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface AutosaveQueueOptions<V, R> {
  store: KeyValueStore;
  key: string;
  /** Checks a stored value before it is sent: storage outlives versions of the app. */
  isValue: (value: unknown) => value is V;
  /** Sends a batch; `signal` aborts it when its answer is overdue (SAVE_ANSWER_TIMEOUT_MS). */
  send: (entries: readonly OutboxEntry<V>[], signal: AbortSignal) => Promise<R>;
  /** The server's answer to a batch, for the screen to show what is now stored. */
  onSaved?: (result: R, sent: readonly OutboxEntry<V>[]) => void;
  /** Saving stopped until someone acts: the count was restarted elsewhere, or the session ended. */
  onBlocked?: (failure: SaveFailure) => void;
  /** Combines a field-wise edit with the one still waiting for the same item. */
  merge?: (waiting: V, next: V) => V;
  now?: () => number;
  timers?: QueueTimers;
  random?: () => number;
  debounceMs?: number;
  maxWaitMs?: number;
  batchSize?: number;
  answerTimeoutMs?: number;
}

export interface AutosaveSnapshot<V> {
  /**
   * Every unsaved edit by item: the ones still to be saved, and the ones the server refused for good (with
   * `refused` set), so the screen keeps showing what was typed and why until the person dismisses it.
   */
  entries: ReadonlyMap<number, OutboxEntry<V>>;
  /** Edits waiting to be sent or on their way. */
  pending: number;
  /** Edits the server refused for good: out of the outbox, shown until dismissed or typed again. */
  refused: number;
  /** Edits in the request on the wire. */
  saving: number;
  /** The last attempt got no answer (or a 408/429/5xx); the next one is scheduled. */
  failing: boolean;
  lastError: string | null;
  /** Saving is stopped: the count was restarted elsewhere, or the person was signed out. */
  blocked: SaveFailure | null;
  /** When this tab last had a batch stored, or null. */
  savedAt: number | null;
  /** False when the browser refuses to store: edits then survive only while this tab is open. */
  durable: boolean;
}

/**
 * Sends a screen's edits in the background. Every edit is written to the outbox in storage first; a save
 * follows the last keystroke by ~400 ms (at most 2 s behind continuous typing), carries up to 100 items in
 * the order they were typed, and on success removes only what it carried (an item typed again meanwhile
 * stays for the next save). No answer (none within SAVE_ANSWER_TIMEOUT_MS counts as none), 408, 429 or 5xx:
 * the same edits are tried again after the engine's backoff (1 s doubling to 30 s). A refusal (4xx) of several
 * items is split into single-item saves, so one bad value cannot hold back the others; the refused item leaves
 * the outbox at once (retrying cannot help) and stays visible with the server's reason until the person
 * dismisses it or types the item again.
 */
export class AutosaveQueue<V, R = unknown> {
  private readonly options: AutosaveQueueOptions<V, R>;
  private readonly timers: QueueTimers;
  private readonly now: () => number;
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;
  private firstWaitingAt: number | null = null;
  private inFlight: readonly OutboxEntry<V>[] | null = null;
  private attempt = 0;
  private failing = false;
  private lastError: string | null = null;
  private blocked: SaveFailure | null = null;
  private savedAt: number | null = null;
  private lastTypedAt = 0;
  /** Items of a refused batch, sent one at a time to find which one the server refuses. */
  private readonly isolate = new Set<number>();
  private disposed = false;
  private snapshot: AutosaveSnapshot<V>;
  /** The outbox's text as this queue last read or wrote it, and what it holds (see `read`). */
  private stored: { text: string | null; state: OutboxState<V> } | null = null;

  constructor(options: AutosaveQueueOptions<V, R>) {
    this.options = options;
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? Date.now;
    this.snapshot = this.buildSnapshot(this.read());
    if (this.snapshot.pending > 0) this.schedule(0);
  }

  get key(): string {
    return this.options.key;
  }

  /**
   * The outbox as stored. Storage stays the truth (another tab of the screen may have written it), but the stored
   * text is parsed and checked again only when it is not the text this queue last read or wrote: a long count kept
   * offline holds thousands of edits, and parsing them on every keystroke made typing slower the longer it went.
   */
  private read(): OutboxState<V> {
    const text = this.options.store.get(this.options.key);
    if (this.stored && this.stored.text === text) return this.stored.state;
    const state = parseOutbox(text, this.options.isValue);
    this.stored = { text, state };
    return state;
  }

  private write(update: (state: OutboxState<V>) => OutboxState<V>): OutboxState<V> {
    const next = update(this.read());
    let text: string | null = null;
    if (next.entries.length === 0 && next.refusals.length === 0) this.options.store.remove(this.options.key);
    else {
      text = JSON.stringify(next);
      this.options.store.set(this.options.key, text);
    }
    this.stored = { text, state: next };
    return next;
  }

  /**
   * What is typed from now on is stamped later than `iso`, a time the server gave (a clear, a confirmation, a value
   * the screen shows). The server orders edits by their typing time; a phone whose clock runs minutes slow would
   * otherwise stamp a number typed after "Clear Counts" before the clear, and it would be thrown away as cleared.
   */
  raiseTypingFloor(iso: string | null | undefined): void {
    const at = iso ? Date.parse(iso) : Number.NaN;
    if (Number.isFinite(at)) this.lastTypedAt = Math.max(this.lastTypedAt, at);
  }

  /** Records what the person typed; it is stored before this returns and sent shortly after. */
  record(itemId: number, value: V): void {
    const typedAt = Math.max(this.now(), this.lastTypedAt + 1);
    this.lastTypedAt = typedAt;
    const state = this.write((current) =>
      recordEdit(current, { itemId, value, typedAt: new Date(typedAt).toISOString() }, this.options.merge),
    );
    this.isolate.delete(itemId);
    this.emit(state);
    this.scheduleAfterTyping();
  }

  private scheduleAfterTyping(): void {
    // A save in flight or a backoff pause picks the edit up when it ends.
    if (this.inFlight || this.failing || this.blocked || this.disposed) return;
    const now = this.now();
    this.firstWaitingAt ??= now;
    const debounce = this.options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
    const maxWait = this.options.maxWaitMs ?? AUTOSAVE_MAX_WAIT_MS;
    this.schedule(Math.max(0, Math.min(debounce, this.firstWaitingAt + maxWait - now)));
  }

  private schedule(ms: number): void {
    if (this.disposed) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** Saves now: the connection came back, or the person asked to try again. */
  flushNow(): void {
    if (this.blocked?.kind === 'unauthorized') this.blocked = null;
    if (this.blocked) return;
    this.attempt = 0;
    if (this.inFlight) return;
    this.schedule(0);
  }

  /** Sends refused edits once more, e.g. after the reason was dealt with elsewhere. */
  retryRefused(): void {
    this.emit(this.write(clearRefusals));
    this.flushNow();
  }

  /** Forgets the refused edit of one item, or every refused edit: the person has read why. */
  dismissRefused(itemId?: number): void {
    const state = this.write((current) => dismissRefusals(current, itemId));
    if (state.refusals.length === 0 && this.lastError !== null && !this.failing && !this.blocked) {
      this.lastError = null;
    }
    this.emit(state);
  }

  /** Forgets every unsaved edit (the person started or cleared the count themselves). */
  discard(): void {
    this.options.store.remove(this.options.key);
    this.isolate.clear();
    this.failing = false;
    this.lastError = null;
    this.blocked = null;
    this.firstWaitingAt = null;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.emit(this.read());
  }

  /** Storage changed under this queue (another tab of the same screen). */
  reload(): void {
    const state = this.read();
    this.emit(state);
    if (pendingCount(state) > 0) this.scheduleAfterTyping();
  }

  private nextBatch(state: OutboxState<V>): OutboxEntry<V>[] {
    if (this.isolate.size > 0) {
      const single = state.entries.find(
        (entry) => entry.refused === undefined && this.isolate.has(entry.itemId),
      );
      if (single) return [single];
      this.isolate.clear();
    }
    return takeBatch(state, this.options.batchSize ?? AUTOSAVE_BATCH_SIZE);
  }

  private async flush(): Promise<void> {
    if (this.inFlight || this.blocked || this.disposed) return;
    const batch = this.nextBatch(this.read());
    if (batch.length === 0) {
      this.firstWaitingAt = null;
      this.failing = false;
      this.emit(this.read());
      return;
    }
    this.inFlight = batch;
    this.emit(this.read());
    let result: R;
    try {
      result = await this.sendWithDeadline(batch);
    } catch (error) {
      this.inFlight = null;
      this.handleFailure(batch, error === NO_ANSWER ? NO_ANSWER_FAILURE : classifySaveFailure(error));
      return;
    }
    this.inFlight = null;
    for (const entry of batch) this.isolate.delete(entry.itemId);
    const state = this.write((current) => settleSent(current, batch));
    this.attempt = 0;
    this.failing = false;
    this.lastError = null;
    this.savedAt = this.now();
    this.options.onSaved?.(result, batch);
    this.emit(state);
    if (takeBatch(state, 1).length > 0) this.schedule(0);
    else this.firstWaitingAt = null;
  }

  /** The batch's save, aborted and rejected with NO_ANSWER when its answer is overdue. */
  private sendWithDeadline(batch: readonly OutboxEntry<V>[]): Promise<R> {
    const controller = new AbortController();
    return new Promise<R>((resolve, reject) => {
      const deadline = this.timers.setTimeout(() => {
        controller.abort(NO_ANSWER);
        reject(NO_ANSWER);
      }, this.options.answerTimeoutMs ?? SAVE_ANSWER_TIMEOUT_MS);
      this.options.send(batch, controller.signal).then(
        (result) => {
          this.timers.clearTimeout(deadline);
          resolve(result);
        },
        (error: unknown) => {
          this.timers.clearTimeout(deadline);
          reject(error);
        },
      );
    });
  }

  private handleFailure(batch: readonly OutboxEntry<V>[], failure: SaveFailure): void {
    switch (failure.kind) {
      case 'retry': {
        this.failing = true;
        this.lastError = failure.message;
        const delay = backoffDelay(this.attempt, this.options.random);
        this.attempt += 1;
        this.emit(this.read());
        this.schedule(delay);
        return;
      }
      case 'refused': {
        this.failing = false;
        if (batch.length > 1) {
          for (const entry of batch) this.isolate.add(entry.itemId);
          this.emit(this.read());
          this.schedule(0);
          return;
        }
        this.lastError = failure.message;
        for (const entry of batch) this.isolate.delete(entry.itemId);
        const state = this.write((current) => markRefused(current, batch, failure.message));
        this.emit(state);
        // The refused edit has left the outbox; only what else waits is sent.
        if (takeBatch(state, 1).length > 0) this.schedule(0);
        else this.firstWaitingAt = null;
        return;
      }
      case 'session_changed':
      case 'unauthorized': {
        this.failing = false;
        this.blocked = failure;
        this.lastError = failure.message;
        this.emit(this.read());
        this.options.onBlocked?.(failure);
        return;
      }
    }
  }

  /**
   * Sends everything now and resolves true once nothing is waiting, or false as soon as a save fails or is
   * refused (e.g. before completing a count, which must see every number).
   */
  drain(): Promise<boolean> {
    return new Promise((resolve) => {
      const before = this.snapshot;
      if (before.blocked && before.blocked.kind !== 'unauthorized') {
        resolve(false);
        return;
      }
      if (before.pending === 0 && before.saving === 0) {
        resolve(before.refused === 0);
        return;
      }
      // A failure seen before this call is judged on a fresh attempt, not on the old one.
      let attempted = before.saving > 0;
      const unsubscribe = this.subscribe(() => {
        const now = this.snapshot;
        if (now.saving > 0) {
          attempted = true;
          return;
        }
        if (now.pending === 0) {
          unsubscribe();
          resolve(now.refused === 0);
        } else if (now.blocked || (attempted && now.failing)) {
          unsubscribe();
          resolve(false);
        }
      });
      this.flushNow();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): AutosaveSnapshot<V> => this.snapshot;

  /** Stops scheduling; a save already on its way still settles the outbox when it answers. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private buildSnapshot(state: OutboxState<V>): AutosaveSnapshot<V> {
    return {
      entries: new Map([...state.refusals, ...state.entries].map((entry) => [entry.itemId, entry])),
      pending: pendingCount(state),
      refused: state.refusals.length,
      saving: this.inFlight?.length ?? 0,
      failing: this.failing,
      lastError: this.lastError,
      blocked: this.blocked,
      savedAt: this.savedAt,
      durable: this.options.store.durable,
    };
  }

  private emit(state: OutboxState<V>): void {
    this.snapshot = this.buildSnapshot(state);
    for (const listener of [...this.listeners]) listener();
  }
}
