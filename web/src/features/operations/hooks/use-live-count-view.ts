import type { StoredCountItem } from '@engine/count-item-edit.ts';
import {
  type CountItemView,
  type CountValue,
  countItemView,
  sameCountItemView,
} from '@web/features/operations/model/count-item-view.ts';
import { type AutosaveSource, useAutosaveSelection } from '@web/lib/autosave/use-autosave-selection.ts';

/**
 * One row's view of the outbox: the stored item with the row's own unsaved edit applied, kept while the row's
 * fields stay the same, so a keystroke renders the row it changed, not the list around it.
 */
export function useLiveCountView(
  outbox: AutosaveSource<CountValue>,
  productId: number,
  stored: StoredCountItem,
): CountItemView {
  return useAutosaveSelection(
    outbox,
    (snapshot) => countItemView(stored, snapshot.entries.get(productId)),
    sameCountItemView,
  );
}
