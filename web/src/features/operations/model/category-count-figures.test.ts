import { describe, expect, test } from 'bun:test';
import type { StoredCountItem } from '@engine/count-item-edit.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import { countFiguresWithEdits, storedCountFigures } from './category-count-figures.ts';
import { type CountValue, countItemView } from './count-item-view.ts';

const NOT_COUNTED: StoredCountItem = {
  count: null,
  confirmed: false,
  editedAfterConfirm: false,
  typedAt: null,
};
const STATES: StoredCountItem[] = [
  NOT_COUNTED,
  { count: 3, confirmed: false, editedAfterConfirm: false, typedAt: '2025-03-10T15:00:00.000Z' },
  { count: 4, confirmed: true, editedAfterConfirm: false, typedAt: '2025-03-10T15:00:00.000Z' },
  { count: 5, confirmed: true, editedAfterConfirm: true, typedAt: '2025-03-10T15:00:00.000Z' },
];
const EDITS: CountValue[] = [
  { count: null, confirmed: false },
  { count: 2, confirmed: false },
  { count: 4, confirmed: true },
];

/** What the screen showed before: every product of the category looked at on each keystroke. */
function everyRow(
  ids: readonly number[],
  stored: (id: number) => StoredCountItem,
  edits: Map<number, OutboxEntry<CountValue>>,
) {
  const views = ids.map((id) => countItemView(stored(id), edits.get(id)));
  return {
    counted: views.filter((view) => view.count !== null).length,
    waitingConfirmation: views.filter(
      (view) => view.count !== null && (!view.confirmed || view.editedAfterConfirm),
    ).length,
  };
}

describe("a category's counted figures", () => {
  test('match a walk over every row, with edits in and out of the category', () => {
    const ids = Array.from({ length: 40 }, (_, index) => index + 1);
    const stored = (id: number) => STATES[id % STATES.length] ?? NOT_COUNTED;
    const edits = new Map<number, OutboxEntry<CountValue>>();
    // Edits to every third product, including ones of another category (ids above 40).
    for (let id = 3; id <= 60; id += 3) {
      const value = EDITS[id % EDITS.length] ?? { count: 1, confirmed: false };
      edits.set(id, { itemId: id, value, typedAt: '2025-03-10T15:05:00.000Z', rev: id });
    }
    const base = storedCountFigures(ids, stored);
    expect(base).toEqual(everyRow(ids, stored, new Map()));
    expect(countFiguresWithEdits(base, new Set(ids), edits, stored)).toEqual(everyRow(ids, stored, edits));
  });

  test('a keystroke looks only at the edited items, not at the whole category', () => {
    const ids = Array.from({ length: 2500 }, (_, index) => index + 1);
    let lookups = 0;
    const stored = (id: number) => {
      lookups += 1;
      return STATES[id % STATES.length] ?? NOT_COUNTED;
    };
    const base = storedCountFigures(ids, stored);
    lookups = 0;
    const edits = new Map<number, OutboxEntry<CountValue>>([
      [7, { itemId: 7, value: { count: 9, confirmed: true }, typedAt: '2025-03-10T15:05:00.000Z', rev: 1 }],
    ]);
    const figures = countFiguresWithEdits(base, new Set(ids), edits, stored);
    expect(lookups).toBeLessThanOrEqual(2);
    expect(figures).toEqual(everyRow(ids, (id) => STATES[id % STATES.length] ?? NOT_COUNTED, edits));
  });
});
