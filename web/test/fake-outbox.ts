import { act } from '@testing-library/react';
import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import type { AutosaveSource } from '@web/lib/autosave/use-autosave-selection.ts';

/** An outbox with nothing in it and nothing under way. */
export function idleSnapshot<V>(): AutosaveSnapshot<V> {
  return {
    entries: new Map(),
    pending: 0,
    refused: 0,
    saving: 0,
    failing: false,
    lastError: null,
    blocked: null,
    savedAt: null,
    durable: true,
  };
}

/**
 * An outbox that, like the real queue, builds a new snapshot with new entry objects on every change, for
 * components that follow it (`useAutosaveSelection`). `change` replaces the unsaved values and tells them.
 */
export function fakeOutbox<V>() {
  const listeners = new Set<() => void>();
  let values = new Map<number, V>();
  const build = (): AutosaveSnapshot<V> => {
    const entries = new Map<number, OutboxEntry<V>>();
    for (const [itemId, value] of values)
      entries.set(itemId, { itemId, value: { ...value }, typedAt: '2026-11-27T10:00:00.000Z', rev: 1 });
    return { ...idleSnapshot<V>(), entries, pending: entries.size };
  };
  let snapshot = build();
  const source: AutosaveSource<V> = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
  const change = (next: Map<number, V>) =>
    act(() => {
      values = next;
      snapshot = build();
      for (const listener of listeners) listener();
    });
  return { source, change };
}
