import { describe, expect, test } from 'bun:test';
import type { Product } from '@engine/api-schemas.ts';
import type { StoredCountItem } from '@engine/count-item-edit.ts';
import { act, render, screen } from '@testing-library/react';
import type { CountOutboxSource } from '@web/features/operations/hooks/use-live-count-view.ts';
import type { CountValue } from '@web/features/operations/model/count-item-view.ts';
import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import { Profiler } from 'react';
import { LiveCountRow } from './count-row.tsx';

const product = (id: number, name: string): Product => ({
  id,
  name,
  sku: null,
  unit: 'each',
  cafeOrderCategory: 'Dairy',
  orderSubcategory: null,
  maximumStockQuantity: null,
  unitCost: 1,
  vendor: null,
  isDailyCount: false,
  barcode: null,
});
const oatMilk = product(7, 'Oat Milk');
const wholeMilk = product(8, 'Whole Milk');
const stored: StoredCountItem = { count: 2, confirmed: true, editedAfterConfirm: false, typedAt: null };

/** An outbox that, like the real one, builds a new snapshot with new entry objects on every change. */
function fakeOutbox() {
  const listeners = new Set<() => void>();
  let values = new Map<number, CountValue>();
  let snapshot = build();
  function build(): AutosaveSnapshot<CountValue> {
    const entries = new Map<number, OutboxEntry<CountValue>>();
    for (const [itemId, value] of values)
      entries.set(itemId, { itemId, value: { ...value }, typedAt: '2026-11-27T10:00:00.000Z', rev: 1 });
    return {
      entries,
      pending: entries.size,
      refused: 0,
      saving: 0,
      failing: false,
      lastError: null,
      blocked: null,
      savedAt: null,
      durable: true,
    };
  }
  const source: CountOutboxSource = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
  const change = (next: Map<number, CountValue>) =>
    act(() => {
      values = next;
      snapshot = build();
      for (const listener of listeners) listener();
    });
  return { source, change };
}

function renderRows(outbox: CountOutboxSource) {
  const renders = new Map<string, number>();
  const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
  const onEdit = () => {};
  render(
    <>
      {[oatMilk, wholeMilk].map((one, index) => (
        <Profiler key={one.id} id={one.name} onRender={count}>
          <LiveCountRow
            product={one}
            stored={stored}
            outbox={outbox}
            par={null}
            lastCounted=""
            focusIndex={index}
            disabled={false}
            onEdit={onEdit}
          />
        </Profiler>
      ))}
    </>,
  );
  return renders;
}

describe('a Count Inventory row following the outbox itself (a keystroke renders one row)', () => {
  test('an edit of one product renders that row alone, showing the typed number unsaved', () => {
    const { source, change } = fakeOutbox();
    const renders = renderRows(source);
    const field = (name: string) =>
      screen.getByRole('textbox', { name: `Count of ${name}` }) as HTMLInputElement;
    expect(field('Oat Milk').value).toBe('2');
    const before = { oat: renders.get('Oat Milk'), whole: renders.get('Whole Milk') };

    change(new Map([[7, { count: 5, confirmed: false }]]));
    expect(field('Oat Milk').value).toBe('5');
    expect(screen.getByRole('checkbox', { name: 'Confirm count of Oat Milk' })).toHaveProperty(
      'checked',
      false,
    );
    expect(renders.get('Oat Milk')).toBe((before.oat ?? 0) + 1);
    expect(renders.get('Whole Milk')).toBe(before.whole);
  });

  test('a new snapshot holding the same edits renders nothing', () => {
    const { source, change } = fakeOutbox();
    const renders = renderRows(source);
    change(new Map([[7, { count: 5, confirmed: false }]]));
    const before = { oat: renders.get('Oat Milk'), whole: renders.get('Whole Milk') };
    change(new Map([[7, { count: 5, confirmed: false }]]));
    expect(renders.get('Oat Milk')).toBe(before.oat);
    expect(renders.get('Whole Milk')).toBe(before.whole);
  });
});
