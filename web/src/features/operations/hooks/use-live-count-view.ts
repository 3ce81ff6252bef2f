import type { StoredCountItem } from '@engine/count-item-edit.ts';
import {
  type CountItemView,
  type CountValue,
  countItemView,
  sameCountItemView,
} from '@web/features/operations/model/count-item-view.ts';
import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';
import { useRef, useSyncExternalStore } from 'react';

/** What a row needs of the count's outbox: its snapshot and word of each change. */
export interface CountOutboxSource {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => AutosaveSnapshot<CountValue>;
}

/**
 * One row's view of the outbox: the stored item with the row's own unsaved edit applied. The row follows the
 * outbox itself, and its answer keeps its identity while the row's fields stay the same, so a keystroke renders
 * the row it changed, not the list around it (every edit rebuilds the outbox's snapshot).
 */
export function useLiveCountView(
  outbox: CountOutboxSource,
  productId: number,
  stored: StoredCountItem,
): CountItemView {
  const last = useRef<CountItemView | null>(null);
  const read = () => {
    const next = countItemView(stored, outbox.getSnapshot().entries.get(productId));
    if (last.current && sameCountItemView(last.current, next)) return last.current;
    last.current = next;
    return next;
  };
  return useSyncExternalStore(outbox.subscribe, read, read);
}
