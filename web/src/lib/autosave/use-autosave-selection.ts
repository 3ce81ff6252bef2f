import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';
import { useRef, useSyncExternalStore } from 'react';

/** What a component needs of an autosave queue to follow it: its snapshot and word of each change. */
export interface AutosaveSource<V> {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => AutosaveSnapshot<V>;
}

/**
 * A part of the outbox, followed by the component that shows it. The queue builds a new snapshot on every
 * edit; the component renders again only when what it selects changes by `same`, so a keystroke renders the
 * row and the figures it changed, not the screen around them.
 */
export function useAutosaveSelection<V, T>(
  source: AutosaveSource<V>,
  select: (snapshot: AutosaveSnapshot<V>) => T,
  same: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<{ value: T } | null>(null);
  const read = () => {
    const next = select(source.getSnapshot());
    if (last.current && same(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(source.subscribe, read, read);
}
