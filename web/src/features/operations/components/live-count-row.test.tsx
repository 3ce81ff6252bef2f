import { describe, expect, test } from 'bun:test';
import type { StoredCountItem } from '@engine/count-item-edit.ts';
import { screen } from '@testing-library/react';
import type { CountValue } from '@web/features/operations/model/count-item-view.ts';
import type { AutosaveSource } from '@web/lib/autosave/use-autosave-selection.ts';
import { fakeOutbox } from '@web-test/fake-outbox.ts';
import { dairyProduct } from '@web-test/fixtures.ts';
import { renderCountingRenders } from '@web-test/render-counts.tsx';
import { LiveCountRow } from './count-row.tsx';

const oatMilk = dairyProduct(7, 'Oat Milk');
const wholeMilk = dairyProduct(8, 'Whole Milk');
const stored: StoredCountItem = { count: 2, confirmed: true, editedAfterConfirm: false, typedAt: null };

function renderRows(outbox: AutosaveSource<CountValue>) {
  const onEdit = () => {};
  return renderCountingRenders([oatMilk, wholeMilk], (one, index) => (
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
  ));
}

describe('a Count Inventory row following the outbox itself (a keystroke renders one row)', () => {
  test('an edit of one product renders that row alone, showing the typed number unsaved', () => {
    const { source, change } = fakeOutbox<CountValue>();
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
    const { source, change } = fakeOutbox<CountValue>();
    const renders = renderRows(source);
    change(new Map([[7, { count: 5, confirmed: false }]]));
    const before = { oat: renders.get('Oat Milk'), whole: renders.get('Whole Milk') };
    change(new Map([[7, { count: 5, confirmed: false }]]));
    expect(renders.get('Oat Milk')).toBe(before.oat);
    expect(renders.get('Whole Milk')).toBe(before.whole);
  });
});
