/**
 * The outbox of one screen's unsaved edits, as plain data: what the person typed, per item, that the
 * server has not confirmed yet. Every function returns a new state; the queue stores each one in the
 * browser before it sends anything, so a reload, a closed tab or a lost connection loses nothing.
 */

export interface OutboxEntry<V> {
  itemId: number;
  value: V;
  /** When the person typed it, by this device's clock; the server keeps the latest typed value. */
  typedAt: string;
  /** Increases with every edit of the outbox: the replay order, and how a reply tells a newer edit apart. */
  rev: number;
  /** The server's reason when it refused this edit for good; set on the entries of `refusals` only. */
  refused?: string;
}

export interface OutboxState<V> {
  nextRev: number;
  /** Edits still to be saved, oldest first. */
  entries: OutboxEntry<V>[];
  /**
   * Edits the server refused for good (a PAR locked meanwhile, a product retired, a permission removed). They
   * have left the outbox, since sending them again would get the same answer, and are kept only so the screen
   * can show what was typed and why it was refused, until the person dismisses them or types again.
   */
  refusals: OutboxEntry<V>[];
}

export interface TypedEdit<V> {
  itemId: number;
  value: V;
  typedAt: string;
}

/** The part of an entry a reply refers to: a reply settles an entry only if it was not edited since. */
export type SentEntry = Pick<OutboxEntry<unknown>, 'itemId' | 'rev'>;

export function emptyOutbox<V>(): OutboxState<V> {
  return { nextRev: 1, entries: [], refusals: [] };
}

/**
 * One entry per item, the last typed value winning. `merge` combines a field-wise edit with the one still
 * waiting (a PAR typed, then the lifecycle changed: both are sent). A new edit clears a refusal, since the
 * person has now answered it, and moves the item to the end of the replay order.
 */
export function recordEdit<V>(
  state: OutboxState<V>,
  edit: TypedEdit<V>,
  merge?: (waiting: V, next: V) => V,
): OutboxState<V> {
  const waiting = state.entries.find((entry) => entry.itemId === edit.itemId);
  const value = waiting && merge ? merge(waiting.value, edit.value) : edit.value;
  const entry: OutboxEntry<V> = { itemId: edit.itemId, value, typedAt: edit.typedAt, rev: state.nextRev };
  return {
    nextRev: state.nextRev + 1,
    entries: [...state.entries.filter((existing) => existing.itemId !== edit.itemId), entry],
    refusals: state.refusals.filter((refused) => refused.itemId !== edit.itemId),
  };
}

/** The next edits to send, oldest first, leaving out refused ones. */
export function takeBatch<V>(state: OutboxState<V>, max: number): OutboxEntry<V>[] {
  const batch: OutboxEntry<V>[] = [];
  for (const entry of state.entries) {
    if (batch.length >= max) break;
    if (entry.refused === undefined) batch.push(entry);
  }
  return batch;
}

function unchangedSince(entry: OutboxEntry<unknown>, sent: readonly SentEntry[]): boolean {
  return sent.some((one) => one.itemId === entry.itemId && one.rev === entry.rev);
}

/** Removes the sent edits the server stored; an item typed again while the request was out stays. */
export function settleSent<V>(state: OutboxState<V>, sent: readonly SentEntry[]): OutboxState<V> {
  return { ...state, entries: state.entries.filter((entry) => !unchangedSince(entry, sent)) };
}

/**
 * Moves sent edits the server refused for good out of the outbox into `refusals`, with the server's reason,
 * unless they were typed again meanwhile (the new value is still to be sent).
 */
export function markRefused<V>(
  state: OutboxState<V>,
  sent: readonly SentEntry[],
  message: string,
): OutboxState<V> {
  const refusedNow = state.entries
    .filter((entry) => unchangedSince(entry, sent))
    .map((entry) => ({ ...entry, refused: message }));
  if (refusedNow.length === 0) return state;
  const items = new Set(refusedNow.map((entry) => entry.itemId));
  return {
    ...state,
    entries: state.entries.filter((entry) => !items.has(entry.itemId)),
    refusals: [...state.refusals.filter((entry) => !items.has(entry.itemId)), ...refusedNow],
  };
}

/** Puts refused edits back into the outbox to be sent once more (the reason was dealt with elsewhere). */
export function clearRefusals<V>(state: OutboxState<V>): OutboxState<V> {
  const waiting = new Set(state.entries.map((entry) => entry.itemId));
  const back = state.refusals
    .filter((entry) => !waiting.has(entry.itemId))
    .map(({ refused: _refused, ...entry }) => entry);
  return {
    ...state,
    entries: [...state.entries, ...back].sort((a, b) => a.rev - b.rev),
    refusals: [],
  };
}

/** Forgets refused edits: of one item, or all of them. The person has read why and moved on. */
export function dismissRefusals<V>(state: OutboxState<V>, itemId?: number): OutboxState<V> {
  return {
    ...state,
    refusals: itemId === undefined ? [] : state.refusals.filter((entry) => entry.itemId !== itemId),
  };
}

export function pendingCount(state: OutboxState<unknown>): number {
  return state.entries.length;
}

/**
 * Reads a stored outbox. Storage is shared with other code and other versions of the app, so anything
 * that is not a well-formed outbox is read as empty, and entries whose value this screen cannot use are
 * dropped rather than sent.
 */
export function parseOutbox<V>(text: string | null, isValue: (value: unknown) => value is V): OutboxState<V> {
  if (!text) return emptyOutbox();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return emptyOutbox();
  }
  if (typeof raw !== 'object' || raw === null) return emptyOutbox();
  const { nextRev, entries, refusals } = raw as { nextRev?: unknown; entries?: unknown; refusals?: unknown };
  if (!Array.isArray(entries)) return emptyOutbox();
  const kept: OutboxEntry<V>[] = [];
  // Refusals stored by an older version sit among the entries; they are read as refusals all the same.
  for (const candidate of [...entries, ...(Array.isArray(refusals) ? refusals : [])]) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const entry = candidate as Partial<OutboxEntry<unknown>>;
    if (
      typeof entry.itemId !== 'number' ||
      typeof entry.typedAt !== 'string' ||
      Number.isNaN(Date.parse(entry.typedAt)) ||
      typeof entry.rev !== 'number' ||
      !isValue(entry.value)
    ) {
      continue;
    }
    kept.push({
      itemId: entry.itemId,
      value: entry.value,
      typedAt: entry.typedAt,
      rev: entry.rev,
      ...(typeof entry.refused === 'string' ? { refused: entry.refused } : {}),
    });
  }
  kept.sort((a, b) => a.rev - b.rev);
  const highest = kept.reduce((max, entry) => Math.max(max, entry.rev), 0);
  // One item is either waiting or refused: a value typed after the refusal is the one that counts.
  const waiting = new Set(kept.filter((entry) => entry.refused === undefined).map((entry) => entry.itemId));
  return {
    nextRev: typeof nextRev === 'number' && nextRev > highest ? nextRev : highest + 1,
    entries: kept.filter((entry) => entry.refused === undefined),
    refusals: kept.filter((entry) => entry.refused !== undefined && !waiting.has(entry.itemId)),
  };
}

/**
 * Moves edits typed against another session (or before the café had one) into this outbox, keeping their
 * typed times, so the server still judges them by when they were typed. An item typed later here wins.
 */
export function adoptEntries<V>(target: OutboxState<V>, source: OutboxState<V>): OutboxState<V> {
  let next = target;
  for (const entry of source.entries) {
    const here = next.entries.find((existing) => existing.itemId === entry.itemId);
    if (here && Date.parse(here.typedAt) >= Date.parse(entry.typedAt)) continue;
    next = recordEdit(next, { itemId: entry.itemId, value: entry.value, typedAt: entry.typedAt });
  }
  return next;
}
