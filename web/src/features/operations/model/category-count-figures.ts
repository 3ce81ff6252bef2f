import type { StoredCountItem } from '@engine/count-item-edit.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import { type CountItemView, type CountValue, countItemView } from './count-item-view.ts';

/** The category's "N of M counted" and how many counted items wait for a confirmation. */
export interface CountFigures {
  counted: number;
  waitingConfirmation: number;
}

type Stored = (productId: number) => StoredCountItem;

function figuresOf(view: Pick<CountItemView, 'count' | 'confirmed' | 'editedAfterConfirm'>): CountFigures {
  const counted = view.count !== null;
  return {
    counted: counted ? 1 : 0,
    waitingConfirmation: counted && (!view.confirmed || view.editedAfterConfirm) ? 1 : 0,
  };
}

/** The figures of what the server holds: one walk over the category, when the inventory or the category changes. */
export function storedCountFigures(productIds: Iterable<number>, stored: Stored): CountFigures {
  const figures = { counted: 0, waitingConfirmation: 0 };
  for (const productId of productIds) {
    const one = figuresOf(stored(productId));
    figures.counted += one.counted;
    figures.waitingConfirmation += one.waitingConfirmation;
  }
  return figures;
}

/**
 * The figures as the screen shows them, with the unsaved edits applied: only the edited items are looked at
 * again, so a keystroke costs the number of edits waiting, not the size of the category (2,500 products in
 * one category of a 20,000-product chain).
 */
export function countFiguresWithEdits(
  base: CountFigures,
  inCategory: ReadonlySet<number>,
  edits: ReadonlyMap<number, OutboxEntry<CountValue>>,
  stored: Stored,
): CountFigures {
  let { counted, waitingConfirmation } = base;
  for (const [productId, edit] of edits) {
    if (!inCategory.has(productId)) continue;
    const before = figuresOf(stored(productId));
    const after = figuresOf(countItemView(stored(productId), edit));
    counted += after.counted - before.counted;
    waitingConfirmation += after.waitingConfirmation - before.waitingConfirmation;
  }
  return { counted, waitingConfirmation };
}
